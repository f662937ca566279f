import type { Metadata } from "next";
import { type AuditFilters, auditListInput } from "@/app/components/audit-filters";
import { AuditLog } from "@/app/components/audit-log";
import { getQueryClient, HydrateClient, trpc } from "@/app/components/trpc/server";
import { requireUser } from "@/app/components/session";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const sp = await searchParams;
  const qs = new URLSearchParams(Object.entries(sp).filter(([, v]) => v) as [string, string][]).toString();
  await requireUser(`/audit${qs ? `?${qs}` : ""}`);
  const filters: AuditFilters = { kind: sp.kind, entity: sp.entity };
  await getQueryClient().prefetchInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(auditListInput(filters), { getNextPageParam: (p) => p.nextCursor }),
  );
  return (
    <HydrateClient>
      <PageHeader
        title="Audit log"
        description="Who changed what and when: suppliers, their status, API keys, console users, and imports started from the console."
      />
      <AuditLog key={qs} filters={filters} />
    </HydrateClient>
  );
}
