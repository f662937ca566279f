import { NotFoundPanel } from "@/app/components/ui/not-found";

export default function SupplierNotFound() {
  return (
    <NotFoundPanel title="No such supplier" links={[{ href: "/suppliers", label: "All suppliers" }]}>
      There is no import supplier with this code in your organisation. Codes are case-sensitive.
    </NotFoundPanel>
  );
}
