"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime, formatDay } from "@/app/components/ui/format";
import { Money } from "@/app/components/ui/money";
import { QueryState } from "@/app/components/ui/query-state";
import { AccountTabs } from "./account-tabs";

/** DOMESTIC → "Domestic", PRICE_COMPARISON → "price comparison". */
const words = (code: string) =>
  code
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase());

export function AccountDetail({ number, canEdit = false }: { number: string; canEdit?: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.account.get.queryOptions({ accountNumber: number }));
  return (
    <QueryState query={q}>
      {(a) => (
        <div className="stack">
          <div className="grid-3">
            <section className="card card-body">
              <div className="label muted">Billing</div>
              <div style={{ fontWeight: 600, marginTop: 4 }}>{a.billingName ?? "—"}</div>
              <div className="muted small">{a.billingAddress.join(", ")}</div>
              {a.billingEmail && <div className="small">Bills to {a.billingEmail}</div>}
              <div className="row small" style={{ marginTop: 6, gap: 6 }}>
                <Badge value={a.accountType} tone="neutral" label={words(a.accountType)} />
                {a.salesChannel && (
                  <Badge value={a.salesChannel} tone="neutral" label={`Channel: ${words(a.salesChannel)}`} />
                )}
              </div>
            </section>
            <section className="card card-body">
              <div className="label muted">Import</div>
              <div className="row" style={{ marginTop: 4 }}>
                <Badge value={a.importProcess?.status ?? "imported"} />
                <Link
                  className="small"
                  href={`/accounts/import/${encodeURIComponent(a.importSupplier)}/${encodeURIComponent(a.externalAccountNumber)}`}
                >
                  Import history
                </Link>
              </div>
              <div className="muted small" style={{ marginTop: 4 }}>
                Staged {formatDateTime(a.importProcess?.stagedAt)} · imported{" "}
                {formatDateTime(a.importProcess?.importedAt ?? a.createdAt)} (London time)
              </div>
            </section>
            <section className="card card-body">
              <div className="label muted">Statements</div>
              <div style={{ marginTop: 4 }}>
                Open period from <strong>{formatDay(a.openStatementPeriodStart)}</strong>
              </div>
              <div className="muted small">
                {a.lastBilledToDate ? `Billed to ${formatDay(a.lastBilledToDate)}` : "No billed-to date sent"}
                {a.lastStatementClosingDate && a.lastStatementClosingDate !== a.lastBilledToDate
                  ? ` · last statement closed ${formatDay(a.lastStatementClosingDate)}`
                  : ""}
              </div>
              <div className="small" title="transfer_balance: credit positive, debit negative">
                Transfer balance (carried over){" "}
                {a.transferBalance === null ? (
                  "—"
                ) : (
                  <strong>
                    <Money value={a.transferBalance} describe />
                  </strong>
                )}
              </div>
            </section>
          </div>
          <AccountTabs account={a} canEdit={canEdit} />
        </div>
      )}
    </QueryState>
  );
}
