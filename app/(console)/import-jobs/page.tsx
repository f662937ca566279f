import type { Metadata } from "next";
import { JobsList } from "@/app/components/import-jobs/jobs-list";
import { requireUser } from "@/app/components/session";
import { HydrateClient, prefetch, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Import jobs" };

export default async function ImportJobsPage() {
  await requireUser("/import-jobs");
  await prefetch(trpc.importJob.list.queryOptions({}));
  return (
    <HydrateClient>
      <PageHeader
        title="Import jobs"
        description="Every uploaded file of accounts, across suppliers: the server stages and imports each one. Upload from a supplier's imports page."
      />
      <JobsList />
    </HydrateClient>
  );
}
