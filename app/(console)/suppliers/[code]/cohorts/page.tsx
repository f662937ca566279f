import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CohortsList } from "@/app/components/cohorts/cohorts-list";
import { requireUser } from "@/app/components/session";
import { HydrateClient, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Cohorts of ${decodeURIComponent((await params).code)}` };
}

export default async function SupplierCohortsPage({ params }: Props) {
  const code = decodeURIComponent((await params).code);
  const user = await requireUser(`/suppliers/${encodeURIComponent(code)}/cohorts`);
  const { found } = await loadRecord(trpc.supplier.get.queryOptions({ code }));
  if (!found) notFound();
  return (
    <HydrateClient>
      <PageHeader
        title={`Cohorts of ${code}`}
        crumbs={[
          { href: "/suppliers", label: "Suppliers" },
          { href: `/suppliers/${encodeURIComponent(code)}`, label: code },
        ]}
      />
      <CohortsList supplier={code} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
