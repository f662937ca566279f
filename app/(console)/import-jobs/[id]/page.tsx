import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobView } from "@/app/components/import-jobs/job-view";
import { requireUser } from "@/app/components/session";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";

type Props = { params: Promise<{ id: string }> };

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = idOf((await params).id);
  return { title: id ? `Import job ${id}` : "Import job not found" };
}

export default async function ImportJobPage({ params }: Props) {
  const raw = (await params).id;
  const user = await requireUser(`/import-jobs/${encodeURIComponent(raw)}`);
  const id = idOf(raw);
  if (!id) notFound();
  const { found } = await loadRecord(trpc.importJob.get.queryOptions({ id }));
  if (!found) notFound();
  await prefetch(trpc.importJob.failureGroups.queryOptions({ id }));
  return (
    <HydrateClient>
      <PageHeader
        title={`Import job ${id}`}
        crumbs={[{ href: "/import-jobs", label: "Import jobs" }]}
        description={
          user.role === "operator"
            ? "Progress, pause, resume or cancel, and the failures to fix and retry."
            : "Progress and the failures of this job."
        }
      />
      <JobView id={id} canEdit={user.role === "operator"} />
    </HydrateClient>
  );
}
