"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime, formatDay } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { AccountTabs } from "./account-tabs";

export function AccountDetail({ number }: { number: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.account.get.queryOptions({ accountNumber: number }));
  return (
    <QueryState query={q}>
      {(a) => (
        <div className="stack">
          <div className="grid-3">
            <section className="card card-body">
              <div className="label muted">Billing</div>
              <div style={{ fontWeight: 600, marginTop: 4 }}>{a.billingName}</div>
              <div className="muted small">{a.billingAddress.join(", ")}</div>
            </section>
            <section className="card card-body">
              <div className="label muted">Import</div>
              <div className="row" style={{ marginTop: 4 }}>
                <Badge value={a.importProcess?.status ?? "imported"} />
                <Link className="small" href={`/accounts/import/${encodeURIComponent(a.importSupplier)}/${encodeURIComponent(a.externalAccountNumber)}`}>
                  Import history
                </Link>
              </div>
              <div className="muted small" style={{ marginTop: 4 }}>
                Staged {formatDateTime(a.importProcess?.stagedAt)} · imported {formatDateTime(a.importProcess?.importedAt ?? a.createdAt)} (London time)
              </div>
            </section>
            <section className="card card-body">
              <div className="label muted">Statements</div>
              <div style={{ marginTop: 4 }}>
                Open period from <strong>{formatDay(a.openStatementPeriodStart)}</strong>
              </div>
              <div className="muted small">Last closed {formatDay(a.lastStatementClosingDate)}</div>
            </section>
          </div>
          <AccountTabs account={a} />
        </div>
      )}
    </QueryState>
  );
}
