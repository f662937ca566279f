import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ImportProcess } from "@/app/components/accounts/import-process";
import { requireUser } from "@/app/components/session";
import { HydrateClient, trpc } from "@/app/components/trpc/server";
import { CopyButton, CopyLinkButton } from "@/app/components/ui/copy-button";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ supplier: string; external: string }> };

async function keyOf(params: Props["params"]) {
  const p = await params;
  return { supplier: decodeURIComponent(p.supplier), external: decodeURIComponent(p.external) };
}
const record = (supplier: string, external: string) =>
  trpc.accountImport.get.queryOptions({ importSupplier: supplier, externalAccountNumber: external });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { supplier, external } = await keyOf(params);
  const { found } = await loadRecord(record(supplier, external));
  return { title: found ? `${external} · import` : "Import record not found" };
}

export default async function ImportProcessPage({ params }: Props) {
  const { supplier, external } = await keyOf(params);
  await requireUser(`/accounts/import/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}`);
  const { found } = await loadRecord(record(supplier, external));
  if (!found) notFound();
  // Staged and failed imports have only this page: the identifier a support user passes on is copied from here.
  return (
    <HydrateClient>
      <PageHeader
        title={<span className="mono">{external}</span>}
        crumbs={[
          { href: "/accounts", label: "Accounts" },
          { href: `/suppliers/${encodeURIComponent(supplier)}/imports`, label: supplier },
        ]}
        actions={
          <>
            <CopyButton value={external} label={`external number ${external}`} />
            <CopyLinkButton label="link to this import record" />
          </>
        }
        description="The import record of one external account."
      />
      <ImportProcess supplier={supplier} external={external} />
    </HydrateClient>
  );
}
