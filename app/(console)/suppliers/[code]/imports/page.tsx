import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ImportsView } from "@/app/components/import-jobs/imports-view";
import { importRowsInput, importTableParams } from "@/app/components/import-jobs/table-params";
import { requireUser } from "@/app/components/session";
import { queryString, type SearchParams } from "@/app/components/ui/search-params";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ code: string }>; searchParams: Promise<SearchParams> };

const supplier = (code: string) => trpc.supplier.get.queryOptions({ code });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const code = decodeURIComponent((await params).code);
  const { found } = await loadRecord(supplier(code));
  return { title: found ? `Imports · ${code}` : "Supplier not found" };
}

export default async function ImportsPage({ params, searchParams }: Props) {
  const code = decodeURIComponent((await params).code);
  const sp = await searchParams;
  const qs = queryString(sp);
  const user = await requireUser(`/suppliers/${encodeURIComponent(code)}/imports${qs ? `?${qs}` : ""}`);
  const table = importTableParams(sp);
  const { found } = await loadRecord(supplier(code));
  if (!found) notFound();
  await prefetch(
    trpc.accountImport.activity.queryOptions({ importSupplier: code, days: 30 }),
    trpc.accountImport.list.queryOptions(importRowsInput(code, table)),
  );
  return (
    <HydrateClient>
      <PageHeader
        title="Account imports"
        crumbs={[
          { href: "/suppliers", label: "Suppliers" },
          { href: `/suppliers/${encodeURIComponent(code)}`, label: code },
        ]}
        description={
          user.role === "operator"
            ? "Stage accounts from a file, import them, and see what failed and why."
            : "What was staged and imported for this supplier, and what failed and why."
        }
      />
      <ImportsView code={code} canEdit={user.role === "operator"} table={table} tableKey={qs} />
    </HydrateClient>
  );
}
