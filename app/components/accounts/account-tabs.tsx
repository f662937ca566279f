"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime, formatDay, formatMoney } from "@/app/components/ui/format";
import { EventTable } from "@/app/components/events/event-table";
import { JsonView } from "@/app/components/ui/json";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import { type Tab, Tabs } from "@/app/components/ui/tabs";
import type { AppRouter } from "@/server/api/root";

type Records = inferRouterOutputs<AppRouter>["account"]["records"];
type Account = inferRouterOutputs<AppRouter>["account"]["get"];
type TxPage = inferRouterOutputs<AppRouter>["account"]["transactions"];
type NotePage = inferRouterOutputs<AppRouter>["account"]["notes"];

const More = ({ more }: { more: boolean }) => (more ? <p className="muted small">Showing the newest 500; older ones are kept but not listed here.</p> : null);

export function AccountTabs({ account }: { account: Account }) {
  const trpc = useTRPC();
  const records = useQuery(trpc.account.records.queryOptions({ accountNumber: account.number }));
  const notes = useInfiniteQuery(trpc.account.notes.infiniteQueryOptions({ accountNumber: account.number, limit: 50 }, { getNextPageParam: (p) => p.nextCursor }));
  const txs = useInfiniteQuery(trpc.account.transactions.infiniteQueryOptions({ accountNumber: account.number, limit: 100 }, { getNextPageParam: (p) => p.nextCursor }));
  const events = useQuery({ ...trpc.event.list.queryOptions({ accountNumber: account.number, limit: 100 }), refetchInterval: 10_000 });
  const [tab, setTab] = useState("overview");
  return (
    <QueryState query={records}>
      {(r) => {
        const tabs: Tab[] = [
          { id: "overview", label: "Overview", content: <Overview account={account} /> },
          {
            id: "notes",
            label: "Notes",
            count: notes.data?.pages[0]?.total,
            content: (
              <QueryState query={notes} isEmpty={notes.data?.pages[0]?.total === 0} empty={<EmptyState title="No notes">Notes posted by the migration script to data-import/notes/create appear here, pinned ones first.</EmptyState>}>
                {(d) => <Notes number={account.number} pages={d.pages} more={notes.hasNextPage} loading={notes.isFetchingNextPage} loadMore={() => void notes.fetchNextPage()} />}
              </QueryState>
            ),
          },
          {
            id: "transactions",
            label: "Transactions",
            count: txs.data?.pages[0]?.total,
            content: (
              <QueryState query={txs} isEmpty={txs.data?.pages[0]?.total === 0} empty={<EmptyState title="No transactions">Transactions posted to data-import/transactions/create appear here.</EmptyState>}>
                {(d) => <Transactions pages={d.pages} more={txs.hasNextPage} loading={txs.isFetchingNextPage} loadMore={() => void txs.fetchNextPage()} />}
              </QueryState>
            ),
          },
          { id: "statements", label: "Statements", count: r.statements.items.length, content: <Statements number={account.number} statements={r.statements} /> },
          { id: "payments", label: "Payment instructions", count: r.paymentInstructions.length, content: <Instructions rows={r.paymentInstructions} /> },
          { id: "registrations", label: "Registrations", count: r.registrations.length, content: <Registrations rows={r.registrations} /> },
          {
            id: "events",
            label: "Events",
            count: events.data?.items.length,
            content: (
              <QueryState query={events} isEmpty={events.data?.items.length === 0} empty={<EmptyState title="No events yet">Events about this account appear here as they are emitted.</EmptyState>}>
                {({ items }) => <EventTable events={items} label="Events" detailLabel="Payload" detail={(e) => <JsonView value={e.payload} label={`Payload of ${e.type}`} />} />}
              </QueryState>
            ),
          },
        ];
        return (
          <section className="card">
            <Tabs label="Account details" tabs={tabs} value={tab} onChange={setTab} />
          </section>
        );
      }}
    </QueryState>
  );
}

function Overview({ account }: { account: Account }) {
  return (
    <div className="grid-2">
      <div>
        <h3 style={{ marginBottom: 8 }}>Customers</h3>
        {account.customers.map((c, i) => (
          <dl className="facts" key={i} style={{ marginBottom: 12 }}>
            <dt>Name</dt>
            <dd>{c.name}</dd>
            <dt>E-mail</dt>
            <dd>{c.email ?? "—"}</dd>
            <dt>Mobile</dt>
            <dd>{c.mobile ?? "—"}</dd>
            <dt>Landline</dt>
            <dd>{c.landline ?? "—"}</dd>
          </dl>
        ))}
      </div>
      <div>
        <h3 style={{ marginBottom: 8 }}>Supply addresses and meter points</h3>
        {account.supplyAddresses.map((a) => (
          <div key={a.id} style={{ marginBottom: 12 }}>
            <div>{a.lines.join(", ")}</div>
            <ul className="small" style={{ paddingLeft: 18 }}>
              {a.meterPoints.map((m) => (
                <li key={m.mpxn}>
                  <Badge value={m.fuel} tone={m.fuel === "electricity" ? "brand" : "info"} /> <span className="mono">{m.mpxn}</span>
                  {m.agreements.map((g) => (
                    <div key={`${g.tariffCode}-${String(g.validFrom)}`} className="muted">
                      {g.tariffCode} from {formatDateTime(g.validFrom)}
                      {g.validTo ? ` to ${formatDateTime(g.validTo)}` : ""}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

function Notes({ number, pages, more, loading, loadMore }: { number: string; pages: NotePage[]; more: boolean; loading: boolean; loadMore: () => void }) {
  const items = pages.flatMap((p) => p.items);
  return (
    <div data-testid="notes">
      {items.map((n) => (
        <article key={n.id} className={`note${n.isPinned ? " pinned" : ""}`}>
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
                  <a href={`/accounts/${number}/documents/note/${n.id}?index=${d.index}`} target="_blank" rel="noopener noreferrer">
                    {d.path}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
      <LoadMore more={more} loading={loading} onClick={loadMore} label="Load older notes" />
    </div>
  );
}

function LoadMore({ more, loading, onClick, label }: { more: boolean; loading: boolean; onClick: () => void; label: string }) {
  if (!more) return null;
  return (
    <p>
      <button className="btn btn-sm" type="button" onClick={onClick} disabled={loading}>
        {loading ? "Loading…" : label}
      </button>
    </p>
  );
}

function Transactions({ pages, more, loading, loadMore }: { pages: TxPage[]; more: boolean; loading: boolean; loadMore: () => void }) {
  const items = pages.flatMap((p) => p.items);
  return (
    <div className="table-wrap" data-testid="transactions">
      <p className="muted small">
        Showing {items.length} of {pages[0]?.total ?? items.length}, newest first.
      </p>
      <Table label="Transactions" columns={["Transaction", "Type", "Reason", { label: "Amount", className: "num" }, "Date", "Original date", "Status"]}>
        {items.map((t) => (
          <tr key={t.id}>
            <td className="mono">{t.transactionId}</td>
            <td>{t.type}</td>
            <td className="small">{t.reason ?? "—"}</td>
            <td className="num">{formatMoney(t.amount)}</td>
            <td className="nowrap">{formatDay(t.transactionDate)}</td>
            <td className="nowrap">{t.dateMoved ? <span title={t.description ?? undefined}>{formatDay(t.originalTransactionDate)} (moved)</span> : <span className="muted">—</span>}</td>
            <td>
              <span title="TRANSACTION_ADDED_TO_ACCOUNT">
                <Badge value="added" tone="ok" label={t.dateMoved ? "Added, date moved" : "Added to account"} />
              </span>
            </td>
          </tr>
        ))}
      </Table>
      <LoadMore more={more} loading={loading} onClick={loadMore} label="Load older transactions" />
    </div>
  );
}

function Statements({ number, statements }: { number: string; statements: Records["statements"] }) {
  if (!statements.items.length) return <EmptyState title="No historical statements">Statements posted to data-import/historical-statements/create appear here.</EmptyState>;
  return (
    <>
    <More more={statements.more} />
    <Table label="Historical statements" columns={["Statement", "Number", "Period", "Issued", { label: "Gross", className: "num" }, "PDF"]}>
      {statements.items.map((s) => (
        <tr key={s.id}>
          <td className="mono">{s.statementId}</td>
          <td>{s.number}</td>
          <td className="nowrap">
            {formatDay(s.billPeriodFromDate)} – {formatDay(s.billPeriodToDate)}
          </td>
          <td className="nowrap">{formatDay(s.issuedDate)}</td>
          <td className="num">{formatMoney(s.grossAmount)}</td>
          <td>
            {s.hasDocument ? (
              <a href={`/accounts/${number}/documents/statement/${s.id}`} target="_blank" rel="noopener noreferrer">
                Open PDF
              </a>
            ) : (
              <span className="muted">No PDF sent</span>
            )}
          </td>
        </tr>
      ))}
    </Table>
    </>
  );
}

function Instructions({ rows }: { rows: Records["paymentInstructions"] }) {
  if (!rows.length) return <EmptyState title="No payment instructions">Instructions posted to data-import/payment-instruction/create appear here once the vendor confirms them.</EmptyState>;
  return (
    <Table label="Payment instructions" columns={["Vendor", "Type", "Reference", "Status", "Vendor says", "Verified"]}>
      {rows.map((p) => (
        <tr key={p.id}>
          <td>{p.vendor}</td>
          <td>{p.type}</td>
          <td className="mono">{p.reference}</td>
          <td>
            <Badge value={p.status} tone={p.status === "active" ? "ok" : "neutral"} />
          </td>
          <td>{p.vendorStatus}</td>
          <td className="nowrap small">{formatDateTime(p.verifiedAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

const REG_LABEL: Record<string, { tone: "ok" | "warn" | "danger"; text: string }> = {
  requested: { tone: "warn", text: "Requested, not sent yet" },
  sent: { tone: "ok", text: "Registration sent" },
  failed: { tone: "danger", text: "Failed" },
};

function Registrations({ rows }: { rows: Records["registrations"] }) {
  if (!rows.length) return <EmptyState title="No registration flows">Meter points marked through data-import/send-registration-flows appear here with their later outcome.</EmptyState>;
  return (
    <Table label="Registration flows" testId="registrations" columns={["Meter point", "Supply start", "Outcome", "Detail", "Requested", "Last attempt"]}>
      {rows.map((g) => (
        <tr key={g.id}>
          <td>
            <Badge value={g.fuel} tone={g.fuel === "electricity" ? "brand" : "info"} /> <span className="mono">{g.mpxn}</span>
          </td>
          <td className="nowrap">{formatDay(g.supplyStartDate)}</td>
          <td>
            <Badge value={g.status} tone={REG_LABEL[g.status]?.tone} label={REG_LABEL[g.status]?.text} />
          </td>
          <td className="small">{g.errorDetail ?? (g.attempts ? `${g.attempts} attempt(s)` : "—")}</td>
          <td className="nowrap small">{formatDateTime(g.requestedAt)}</td>
          <td className="nowrap small">{formatDateTime(g.sentAt ?? g.failedAt)}</td>
        </tr>
      ))}
    </Table>
  );
}
