import { NotFoundPanel } from "@/app/components/ui/not-found";

export default function ImportRecordNotFound() {
  return (
    <NotFoundPanel
      title="No such import record"
      links={[
        { href: "/accounts", label: "Find an account" },
        { href: "/suppliers", label: "Suppliers" },
      ]}
    >
      Your organisation has no supplier with this code, or the supplier has no account staged or imported under this
      external number. External numbers are matched exactly, including upper and lower case.
    </NotFoundPanel>
  );
}
