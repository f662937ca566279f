"use client";

import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { EventTable } from "@/app/components/ui/event-table";
import { formatCount } from "@/app/components/ui/format";
import { JsonView } from "@/app/components/ui/json";
import { OlderPager } from "@/app/components/ui/older-pager";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import type { AppRouter } from "@/server/api/root";

type EventPage = inferRouterOutputs<AppRouter>["event"]["list"];
export type AccountEventsQuery = UseInfiniteQueryResult<InfiniteData<EventPage>, unknown>;

/** "206", or "1,000+" when the server stopped counting. */
export function eventTotal(first: EventPage | undefined): string | undefined {
  if (!first || first.total === null) return undefined;
  return `${formatCount(first.total)}${first.totalCapped ? "+" : ""}`;
}

/** The account's events, newest first, 50 a page with older pages on demand (account.created is on the last). */
export function AccountEvents({ query }: { query: AccountEventsQuery }) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = eventTotal(query.data?.pages[0]);
  return (
    <QueryState
      query={query}
      live
      isEmpty={items.length === 0}
      empty={<EmptyState title="No events yet">Events about this account appear here as they are emitted.</EmptyState>}
    >
      {() => (
        <div data-testid="account-events">
          <EventTable
            events={items}
            label="Events"
            detailLabel="Payload"
            detail={(e) => <JsonView value={e.payload} label={`Payload of ${e.type}`} />}
          />
          <OlderPager
            shown={`Showing ${formatCount(items.length)}${total ? ` of ${total}` : ""}, newest first`}
            noun="events"
            query={query}
          />
        </div>
      )}
    </QueryState>
  );
}
