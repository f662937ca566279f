import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CohortView } from "@/app/components/cohorts/cohort-view";
import { requireUser } from "@/app/components/session";
import { HydrateClient, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ id: string }> };

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = idOf((await params).id);
  if (!id) return { title: "Cohort not found" };
  const { found, data } = await loadRecord(trpc.cohort.get.queryOptions({ id }));
  return { title: found && data ? `Cohort ${data.name}` : "Cohort not found" };
}

export default async function CohortPage({ params }: Props) {
  const raw = (await params).id;
  const user = await requireUser(`/cohorts/${encodeURIComponent(raw)}`);
  const id = idOf(raw);
  if (!id) notFound();
  const { found, data } = await loadRecord(trpc.cohort.get.queryOptions({ id }));
  if (!found) notFound();
  return (
    <HydrateClient>
      <PageHeader
        title={`Cohort ${data?.name ?? id}`}
        crumbs={[
          { href: "/cohorts", label: "Cohorts" },
          ...(data
            ? [{ href: `/suppliers/${encodeURIComponent(data.supplierCode)}/cohorts`, label: data.supplierCode }]
            : []),
        ]}
      />
      <CohortView id={id} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
