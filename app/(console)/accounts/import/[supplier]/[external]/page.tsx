import type { Metadata } from "next";
import { ImportProcess } from "@/app/components/accounts/import-process";
import { requireUser } from "@/app/components/session";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

type Props = { params: Promise<{ supplier: string; external: string }> };

export const metadata: Metadata = { title: "Account import" };

export default async function ImportProcessPage({ params }: Props) {
  const p = await params;
  const supplier = decodeURIComponent(p.supplier);
  const external = decodeURIComponent(p.external);
  await requireUser(`/accounts/import/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}`);
  await prefetch(trpc.accountImport.get.queryOptions({ importSupplier: supplier, externalAccountNumber: external }));
  return (
    <HydrateClient>
      <PageHeader
        title={<span className="mono">{external}</span>}
        crumbs={[
          { href: "/accounts", label: "Accounts" },
          { href: `/suppliers/${encodeURIComponent(supplier)}/imports`, label: supplier },
        ]}
        description="The import record of one external account."
      />
      <ImportProcess supplier={supplier} external={external} />
    </HydrateClient>
  );
}
