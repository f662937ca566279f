"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { Fragment, useState } from "react";
import { Badge } from "@/app/components/ui/badge";
import { formatCount, formatDay } from "@/app/components/ui/format";
import { Money, SignConvention } from "@/app/components/ui/money";
import { OlderPager } from "@/app/components/ui/older-pager";
import { Table } from "@/app/components/ui/table";
import type { AppRouter } from "@/server/api/root";
import {
  balanceEffect,
  PAYMENT_TYPE_LABEL,
  TRANSACTION_REASON_LABEL,
  TRANSACTION_TYPE_LABEL,
} from "./transaction-amount";

type TxPage = inferRouterOutputs<AppRouter>["account"]["transactions"];
type Tx = TxPage["items"][number];
type Pager = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

// On a phone the type, amount and date fold into a line under the transaction (globals.css, .fold-on-phone).
const COLUMNS = [
  "Transaction",
  { label: "Type", className: "wide-only" },
  { label: "Reason", className: "wide-only" },
  { label: "Amount", className: "num wide-only" },
  { label: "Date", className: "wide-only" },
  { label: "Details", hidden: true },
];

/** The account's transactions, newest date first, with what the migration sent for each on demand. */
export function Transactions({ pages, pager }: { pages: TxPage[]; pager: Pager }) {
  const items = pages.flatMap((p) => p.items);
  return (
    <div data-testid="transactions">
      <SignConvention />
      <Table label="Transactions" columns={COLUMNS} className="fold-on-phone">
        {items.map((t) => (
          <TransactionRow key={t.id} t={t} />
        ))}
      </Table>
      <OlderPager
        shown={`Showing ${formatCount(items.length)} of ${formatCount(pages[0]?.total ?? items.length)}, newest first`}
        noun="transactions"
        query={pager}
      />
    </div>
  );
}

function TransactionRow({ t }: { t: Tx }) {
  const [open, setOpen] = useState(false);
  const details: [string, string | null][] = [
    ["Note on the statement (display note)", t.displayNote],
    ["Internal note", t.note],
    ["Payment type", t.paymentType],
    ["Reason code", t.reason],
    ["Reference", t.reference],
    ["Product", t.productCode],
    ["Date moved", t.dateMoved ? t.description : null],
    ["Statement", t.statement === "historical" ? "Initial closed statement (historical)" : null],
  ];
  const shown = details.filter(([, v]) => v);
  return (
    <Fragment>
      <tr data-testid="transaction-row">
        <td>
          <span className="mono truncate">{t.transactionId}</span>
          <div title="TRANSACTION_ADDED_TO_ACCOUNT">
            <Badge value="added" tone="ok" label={t.dateMoved ? "Added, date moved" : "Added to account"} />
          </div>
          <div className="phone-only small transaction-meta">
            {TRANSACTION_TYPE_LABEL[t.type] ?? t.type} · <Money value={balanceEffect(t.type, t.amount)} /> ·{" "}
            <span className="nowrap">{formatDay(t.transactionDate)}</span>
            {t.dateMoved && <span className="muted"> (moved from {formatDay(t.originalTransactionDate)})</span>}
          </div>
        </td>
        <td className="wide-only">
          {TRANSACTION_TYPE_LABEL[t.type] ?? t.type}
          {t.paymentType && (
            <div className="muted small" title={t.paymentType}>
              {PAYMENT_TYPE_LABEL[t.paymentType] ?? t.paymentType}
            </div>
          )}
        </td>
        <td className="wide-only">
          {t.reason ? (
            <span title={t.reason}>{TRANSACTION_REASON_LABEL[t.reason] ?? t.reason}</span>
          ) : (
            <span className="muted">—</span>
          )}
          {t.displayNote && <div className="muted small">“{t.displayNote}”</div>}
        </td>
        <td className="num nowrap wide-only">
          <Money value={balanceEffect(t.type, t.amount)} />
        </td>
        <td className="wide-only">
          <span className="nowrap">{formatDay(t.transactionDate)}</span>
          {t.dateMoved && (
            <div className="muted small" title={t.description ?? undefined}>
              from {formatDay(t.originalTransactionDate)} (moved)
            </div>
          )}
        </td>
        <td>
          {shown.length > 0 && (
            <button className="btn btn-sm" type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? "Hide" : "Details"}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr className="detail-row">
          <td colSpan={COLUMNS.length}>
            <dl className="facts">
              {shown.map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd style={{ whiteSpace: "pre-wrap" }}>{value}</dd>
                </Fragment>
              ))}
            </dl>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
