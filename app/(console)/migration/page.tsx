import type { Metadata } from "next";
import { CohortsDashboard } from "@/app/components/cohorts/cohorts-dashboard";
import { DashboardView } from "@/app/components/import-jobs/dashboard-view";
import { requireUser } from "@/app/components/session";
import { HydrateClient, trpc } from "@/app/components/trpc/server";
import { PageHeader } from "@/app/components/ui/page-header";
import { loadRecord } from "@/app/components/ui/record";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Migration dashboard" };

export default async function MigrationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const supplier = (await searchParams).supplier || undefined;
  await requireUser(`/migration${supplier ? `?supplier=${encodeURIComponent(supplier)}` : ""}`);
  const { found } = await loadRecord(trpc.importJob.dashboard.queryOptions({ importSupplier: supplier }));
  if (!found) notFound();
  return (
    <HydrateClient>
      <PageHeader
        title="Migration dashboard"
        description="How the migration is going: the funnel from received to registered, throughput and time to go. Live while jobs run."
      />
      <div className="stack">
        <DashboardView key={supplier ?? ""} supplier={supplier} />
        <CohortsDashboard />
      </div>
    </HydrateClient>
  );
}
