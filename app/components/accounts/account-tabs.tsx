"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime } from "@/app/components/ui/format";
import { OlderPager } from "@/app/components/ui/older-pager";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { type Tab, Tabs } from "@/app/components/ui/tabs";
import type { AppRouter } from "@/server/api/root";
import { AccountLedger } from "./account-ledger";
import { AccountTimeline } from "./account-timeline";
import { NotesSearch } from "./notes-search";
import { AccountEvents, eventTotal } from "./account-events";
import { AccountPayload } from "./account-payload";
import { Overview } from "./account-overview";
import { Instructions, Readings, Registrations, Statements } from "./account-records";
import { Transactions } from "./account-transactions";
import { accountEventsInput, type AccountTab, isAccountTab } from "./tab-ids";

type Account = inferRouterOutputs<AppRouter>["account"]["get"];
type NotePage = inferRouterOutputs<AppRouter>["account"]["notes"];

export const ACCOUNT_EVENTS_INTERVAL_MS = 10_000;

/** The account's tabs; the chosen one is in the URL (`?tab=`), so reload and Back keep it. */
export function AccountTabs({ account, canEdit = false }: { account: Account; canEdit?: boolean }) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const params = useSearchParams();
  const records = useQuery(trpc.account.records.queryOptions({ accountNumber: account.number }));
  const notes = useInfiniteQuery(
    trpc.account.notes.infiniteQueryOptions(
      { accountNumber: account.number, limit: 50 },
      { getNextPageParam: (p) => p.nextCursor },
    ),
  );
  const txs = useInfiniteQuery(
    trpc.account.transactions.infiniteQueryOptions(
      { accountNumber: account.number, limit: 100 },
      { getNextPageParam: (p) => p.nextCursor },
    ),
  );
  const events = useInfiniteQuery({
    ...trpc.event.list.infiniteQueryOptions(accountEventsInput(account.number), {
      getNextPageParam: (p) => p.nextCursor,
    }),
    refetchInterval: ACCOUNT_EVENTS_INTERVAL_MS,
  });
  // The URL gives the first tab; after that the choice is held here and written to the URL.
  // (Reading it back through useSearchParams raced the router: a click made while the page
  // was still settling could be reverted to Overview with ?tab= already in the address bar.)
  const [tab, setTab] = useState<AccountTab>(() => {
    const raw = params.get("tab");
    return isAccountTab(raw) ? raw : "overview";
  });
  const choose = (id: string) => {
    if (!isAccountTab(id)) return;
    setTab(id);
    const next = new URLSearchParams(window.location.search);
    if (id === "overview") next.delete("tab");
    else next.set("tab", id);
    // Replaces the entry (no new history step per tab) without a server round trip.
    window.history.replaceState(null, "", `${pathname}${next.size ? `?${next}` : ""}`);
  };
  return (
    <QueryState query={records}>
      {(r) => {
        const tabs: Tab[] = [
          { id: "overview", label: "Overview", content: <Overview account={account} canEdit={canEdit} /> },
          {
            id: "readings",
            label: "Readings",
            count: r.readings.items.length,
            content: <Readings readings={r.readings} />,
          },
          {
            id: "payload",
            label: "Payload",
            content: <AccountPayload supplier={account.importSupplier} external={account.externalAccountNumber} />,
          },
          {
            id: "notes",
            label: "Notes",
            count: notes.data?.pages[0]?.total,
            content: (
              <NotesSearch accountNumber={account.number}>
                <QueryState
                  query={notes}
                  isEmpty={notes.data?.pages[0]?.total === 0}
                  empty={
                    <EmptyState title="No notes">
                      Notes posted by the migration script to data-import/notes/create appear here, pinned ones first.
                    </EmptyState>
                  }
                >
                  {(d) => <Notes number={account.number} pages={d.pages} pager={notes} />}
                </QueryState>
              </NotesSearch>
            ),
          },
          {
            id: "transactions",
            label: "Transactions",
            count: txs.data?.pages[0]?.total,
            content: (
              <QueryState
                query={txs}
                isEmpty={txs.data?.pages[0]?.total === 0}
                empty={
                  <EmptyState title="No transactions">
                    Transactions posted to data-import/transactions/create appear here.
                  </EmptyState>
                }
              >
                {(d) => <Transactions pages={d.pages} pager={txs} />}
              </QueryState>
            ),
          },
          { id: "ledger", label: "Ledger", content: <AccountLedger accountNumber={account.number} /> },
          {
            id: "statements",
            label: "Statements",
            count: r.statements.items.length,
            content: <Statements number={account.number} statements={r.statements} />,
          },
          {
            id: "payments",
            label: "Payments",
            count: r.paymentInstructions.length,
            content: <Instructions rows={r.paymentInstructions} />,
          },
          {
            id: "registrations",
            label: "Registrations",
            count: r.registrations.length,
            content: <Registrations rows={r.registrations} />,
          },
          {
            id: "events",
            label: "Events",
            count: eventTotal(events.data?.pages[0]),
            content: <AccountEvents query={events} />,
          },
          { id: "timeline", label: "Timeline", content: <AccountTimeline accountNumber={account.number} /> },
        ];
        return (
          <section className="card">
            <Tabs label="Account details" tabs={tabs} value={tab} onChange={choose} />
          </section>
        );
      }}
    </QueryState>
  );
}

function Notes({
  number,
  pages,
  pager,
}: {
  number: string;
  pages: NotePage[];
  pager: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const items = pages.flatMap((p) => p.items);
  return (
    <div data-testid="notes">
      <p className="muted small">Pinned notes first, then newest first. Times are London time.</p>
      {items.map((n) => (
        <article key={n.id} id={`note-${n.id}`} className={`note${n.isPinned ? " pinned" : ""}`}>
          <div className="row small muted">
            {n.isPinned && <Badge value="Pinned" tone="brand" />}
            {n.source === "transaction_date_moved" && <Badge value="Date moved" tone="warn" />}
            <span>{formatDateTime(n.createdAt)}</span>
            {n.unpinAt && <span>· unpins {formatDateTime(n.unpinAt)}</span>}
          </div>
          {n.body && <p className="note-body">{n.body}</p>}
          {n.documents.length > 0 && (
            <ul className="small" style={{ margin: "6px 0 0", paddingLeft: 18 }}>
              {n.documents.map((d) => (
                <li key={d.index}>
                  <a
                    href={`/accounts/${number}/documents/note/${n.id}?index=${d.index}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {d.path}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
      <OlderPager shown={`Showing ${items.length} of ${pages[0]?.total ?? items.length}`} noun="notes" query={pager} />
    </div>
  );
}
