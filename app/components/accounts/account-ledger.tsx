"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { CopyLinkButton } from "@/app/components/ui/copy-button";
import { countOf, formatDay } from "@/app/components/ui/format";
import { Money, SignConvention } from "@/app/components/ui/money";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import type { LedgerOrder } from "@/server/services/support/ledger-input";
import { LEDGER_PARAM_NAMES, type LedgerParams, ledgerFilterFromParams } from "@/server/services/support/ledger-params";
import { TRANSACTION_REASON_LABEL, TRANSACTION_TYPE_LABEL } from "./transaction-amount";
import { LedgerStatements } from "./ledger-statements";

const TYPES = ["CHARGE", "SUPPLY_CHARGE", "CREDIT", "PAYMENT", "REPAYMENT"] as const;

const paramsOf = (sp: URLSearchParams): LedgerParams =>
  Object.fromEntries(LEDGER_PARAM_NAMES.map((k) => [k, sp.get(k) ?? ""]));

/**
 * The account's ledger: entries in posting order with the balance after each (credit
 * positive), the opening balance carried over, statements as periods, filters kept in the
 * URL (so the address is a link to this view) and a CSV of what is shown.
 */
export function AccountLedger({ accountNumber }: { accountNumber: string }) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const sp = useSearchParams();
  const [applied, setApplied] = useState<LedgerParams>(() => paramsOf(new URLSearchParams(sp.toString())));
  const [draft, setDraft] = useState<LedgerParams>(applied);
  const [order, setOrder] = useState<LedgerOrder>(() => (sp.get("order") === "newest" ? "newest" : "posting"));
  const filter = ledgerFilterFromParams(accountNumber, applied);
  const ledger = useInfiniteQuery(
    trpc.support.ledger.infiniteQueryOptions({ filter, order, limit: 100 }, { getNextPageParam: (p) => p.nextCursor }),
  );
  const query = new URLSearchParams(Object.entries(applied).filter(([, v]) => v) as [string, string][]);
  const viewUrl = `${pathname}?tab=ledger${query.size ? `&${query}` : ""}${order === "newest" ? "&order=newest" : ""}`;
  const remember = (next: LedgerParams, nextOrder: LedgerOrder) => {
    const url = new URLSearchParams(window.location.search);
    for (const k of LEDGER_PARAM_NAMES) {
      if (next[k]) url.set(k, next[k]!);
      else url.delete(k);
    }
    if (nextOrder === "newest") url.set("order", "newest");
    else url.delete("order");
    url.set("tab", "ledger");
    window.history.replaceState(null, "", `${pathname}?${url}`);
  };
  const apply = (next: LedgerParams) => {
    setApplied(next);
    setDraft(next);
    remember(next, order);
  };
  const reorder = (next: LedgerOrder) => {
    setOrder(next);
    remember(applied, next);
  };
  const types = new Set((draft.type ?? "").split(",").filter(Boolean));
  const toggle = (t: string) => {
    const next = new Set(types);
    if (next.has(t)) next.delete(t);
    else next.add(t);
    setDraft({ ...draft, type: TYPES.filter((x) => next.has(x)).join(",") });
  };
  const field = (
    k: keyof LedgerParams,
    label: string,
    type = "text",
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div className="field">
      <label htmlFor={`ledger-${k}`}>{label}</label>
      <input
        id={`ledger-${k}`}
        type={type}
        value={draft[k] ?? ""}
        onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
        {...extra}
      />
    </div>
  );
  return (
    <div data-testid="ledger" className="stack">
      <form
        className="filters"
        aria-label="Filter the ledger"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="label">Type</legend>
          <div className="row small">
            {TYPES.map((t) => (
              <label key={t} className="checkbox">
                <input type="checkbox" checked={types.has(t)} onChange={() => toggle(t)} /> {TRANSACTION_TYPE_LABEL[t]}
              </label>
            ))}
          </div>
        </fieldset>
        {field("reason", "Reason code", "text", { placeholder: "IMPORTED_CHARGE", size: 18 })}
        {field("from", "From", "date")}
        {field("to", "To", "date")}
        {field("min", "Amount from (£)", "text", { inputMode: "decimal", size: 8 })}
        {field("max", "to (£)", "text", { inputMode: "decimal", size: 8 })}
        <div className="row">
          <button className="btn btn-primary" type="submit">
            Apply
          </button>
          <button className="btn" type="button" onClick={() => apply({})}>
            Clear
          </button>
        </div>
      </form>
      <div className="row small">
        <div className="segmented" role="group" aria-label="Order of the entries">
          <button
            type="button"
            className="btn btn-sm"
            aria-pressed={order === "posting"}
            onClick={() => reorder("posting")}
          >
            Oldest first
          </button>
          <button
            type="button"
            className="btn btn-sm"
            aria-pressed={order === "newest"}
            onClick={() => reorder("newest")}
          >
            Newest first
          </button>
        </div>
        <a href={viewUrl} data-testid="ledger-link">
          Link to this view
        </a>
        <CopyLinkButton href={viewUrl} label="link to this ledger view" />
        <a className="btn btn-sm" href={`${pathname}/ledger.csv${query.size ? `?${query}` : ""}`} download>
          Export CSV
        </a>
      </div>
      <QueryState query={ledger}>
        {(d) => {
          const first = d.pages[0];
          const items = d.pages.flatMap((p) => p.items);
          return (
            <>
              <SignConvention />
              <p className="muted small">
                Balance now is the balance carried over plus every entry (filters only hide entries).
              </p>
              {first.carriedOverAgain.length > 0 && (
                <div className="alert alert-warn" role="alert" data-testid="carried-over-again">
                  The balance carried over (<Money value={first.openingBalance} />) is the transfer balance, and
                  imported entry {first.carriedOverAgain.join(", ")} has the same effect: the customer&apos;s balance
                  may count it twice. Check the migration&apos;s transactions against the legacy statement.
                </div>
              )}
              <div className="stats" data-testid="ledger-totals">
                <Stat
                  label="Carried over (transfer balance)"
                  value={<Money value={first.openingBalance} />}
                  id="opening"
                />
                <Stat label="Balance now" value={<Money value={first.closingBalance} />} id="closing" />
                <Stat label="Entries shown" value={String(first.totals.count)} id="count" />
                <Stat label="In (credits, payments)" value={<Money value={first.totals.added} />} id="added" />
                <Stat label="Out (charges, repayments)" value={<Money value={first.totals.taken} />} id="taken" />
                <Stat label="Net of entries shown" value={<Money value={first.totals.net} />} id="net" />
              </div>
              <LedgerStatements statements={first.statements} />
              {items.length === 0 ? (
                <EmptyState title="No entries">No transaction matches these filters.</EmptyState>
              ) : (
                <Table
                  label="Ledger entries"
                  columns={[
                    "Date",
                    "Type",
                    "Reason",
                    "Transaction",
                    { label: "Amount", className: "num" },
                    { label: "Balance after", className: "num" },
                  ]}
                  testId="ledger-entries"
                >
                  {items.map((t) => (
                    <tr key={t.id} data-transaction-id={t.transactionId}>
                      <td className="nowrap">{formatDay(t.date)}</td>
                      <td>
                        {TRANSACTION_TYPE_LABEL[t.type] ?? t.type}
                        {t.statement === "historical" && (
                          <>
                            {" "}
                            <Badge value="historical" tone="neutral" label="On the closed statement" />
                          </>
                        )}
                      </td>
                      <td title={t.reason ?? undefined}>
                        {t.reason ? (TRANSACTION_REASON_LABEL[t.reason] ?? t.reason) : "—"}
                      </td>
                      <td className="mono small">{t.transactionId}</td>
                      <td className="num" data-col="effect">
                        <Money value={t.effect} />
                      </td>
                      <td className="num" data-col="balance">
                        <Money value={t.balance} />
                      </td>
                    </tr>
                  ))}
                </Table>
              )}
              <div className="pager">
                <span>
                  Showing {items.length} of {countOf(first.totals.count, "entry", "entries")},{" "}
                  {order === "newest" ? "newest first" : "in posting order"}
                </span>
                <button
                  className="btn btn-sm"
                  type="button"
                  disabled={!ledger.hasNextPage || ledger.isFetchingNextPage}
                  onClick={() => void ledger.fetchNextPage()}
                >
                  {ledger.isFetchingNextPage
                    ? "Loading…"
                    : order === "newest"
                      ? ledger.hasNextPage
                        ? "Earlier entries"
                        : "No earlier entries"
                      : ledger.hasNextPage
                        ? "Later entries"
                        : "No later entries"}
                </button>
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function Stat({ label, value, id }: { label: string; value: React.ReactNode; id: string }) {
  return (
    <div className="stat" data-stat={id}>
      <div className="label">{label}</div>
      <div className="value">{value}</div>
    </div>
  );
}
