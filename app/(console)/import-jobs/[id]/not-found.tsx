import { NotFoundPanel } from "@/app/components/ui/not-found";

export default function ImportJobNotFound() {
  return (
    <NotFoundPanel title="No such import job" links={[{ href: "/import-jobs", label: "All import jobs" }]}>
      There is no import job with this number in your organisation.
    </NotFoundPanel>
  );
}
