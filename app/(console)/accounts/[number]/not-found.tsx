import { NotFoundPanel } from "@/app/components/ui/not-found";

export default function AccountNotFound() {
  return (
    <NotFoundPanel
      title="No such account"
      links={[
        { href: "/accounts", label: "Find an account" },
        { href: "/suppliers", label: "Suppliers" },
      ]}
    >
      There is no account with this number in your organisation. Platform numbers look like A-1234ABCD; you can also
      search by external account number or meter point.
    </NotFoundPanel>
  );
}
