import type { Metadata } from "next";
import { EventLog } from "@/app/components/events/event-log";
import { type EventFilters, eventListInput } from "@/app/components/events/filters";
import { getQueryClient, HydrateClient, trpc } from "@/app/components/trpc/server";
import { requireUser } from "@/app/components/session";
import { PageHeader } from "@/app/components/ui/page-header";

export const metadata: Metadata = { title: "Event log" };

export default async function EventsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const sp = await searchParams;
  const qs = new URLSearchParams(Object.entries(sp).filter(([, v]) => v) as [string, string][]).toString();
  await requireUser(`/events${qs ? `?${qs}` : ""}`);
  const delivery = sp.delivery === "pending" || sp.delivery === "published" ? sp.delivery : "any";
  const filters: EventFilters = { type: sp.type, account: sp.account, from: sp.from, to: sp.to, delivery };
  // ?event= opens one event's envelope above the log: the link an event's "Copy link" gives.
  const eventId = sp.event && /^[0-9a-f-]{36}$/i.test(sp.event) ? sp.event.toLowerCase() : undefined;
  const options = trpc.event.list.infiniteQueryOptions(eventListInput(filters), {
    getNextPageParam: (p) => p.nextCursor,
  });
  const qc = getQueryClient();
  await Promise.all([qc.prefetchInfiniteQuery(options), qc.prefetchQuery(trpc.event.delivery.queryOptions())]);
  return (
    <HydrateClient>
      <PageHeader
        title="Event log"
        description="Every event your organisation's changes emitted, newest first, with its CloudEvents envelope and delivery state."
      />
      <EventLog key={qs} filters={filters} eventId={eventId} />
    </HydrateClient>
  );
}
