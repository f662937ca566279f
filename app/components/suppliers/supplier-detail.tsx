"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { AuditChange } from "@/app/components/ui/audit-change";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatCount, formatDateTime } from "@/app/components/ui/format";
import { Card } from "@/app/components/ui/card";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { StatusControl } from "./status-control";
import { SupplierForm } from "./supplier-form";

export function SupplierDetail({ code, canEdit }: { code: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.supplier.get.queryOptions({ code }));
  return (
    <QueryState query={q}>
      {(s) => (
        <>
          <div className="stats">
            <div className="stat">
              <div className="label">Status</div>
              <div className="value" style={{ fontSize: 16, marginTop: 10 }} data-testid="supplier-status">
                <Badge value={s.status} />
              </div>
            </div>
            <div className="stat">
              <div className="label">Staged</div>
              <div className="value">{formatCount(s.counts.staged)}</div>
            </div>
            <div className="stat">
              <div className="label">Imported</div>
              <div className="value">{formatCount(s.counts.imported)}</div>
            </div>
            <div className="stat">
              <div className="label">Failed</div>
              <div className="value">{formatCount(s.counts.failed)}</div>
              {s.counts.failed > 0 && (
                <div className="muted" style={{ fontSize: 12 }} data-testid="supplier-failed-breakdown">
                  {formatCount(s.counts.failedStaging)} before staging (import jobs) ·{" "}
                  {formatCount(s.counts.failedImport)} at import
                </div>
              )}
            </div>
          </div>
          <div className="grid-2">
            <div className="stack">
              <section className="card">
                <div className="card-header">
                  <div>
                    <h2>Migration status</h2>
                    <p>Ongoing ⇄ Paused → Complete. Paused and Complete refuse staging and importing.</p>
                  </div>
                </div>
                <div className="card-body">
                  {canEdit ? (
                    <StatusControl
                      code={s.code}
                      status={s.status}
                      staged={s.counts.staged}
                      transitions={s.transitions}
                    />
                  ) : (
                    <p className="muted" style={{ margin: 0 }}>
                      Status is <Badge value={s.status} />. Only operators can change it.
                    </p>
                  )}
                </div>
              </section>
              <section className="card">
                <div className="card-header">
                  <h2>Settings</h2>
                </div>
                <div className="card-body">
                  {canEdit ? (
                    <SupplierForm
                      mode="edit"
                      initial={{
                        code: s.code,
                        name: s.name,
                        documentRoot: s.documentRoot,
                        sendAutomatedEmails: s.sendAutomatedEmails,
                      }}
                    />
                  ) : (
                    <dl className="facts">
                      <dt>Name</dt>
                      <dd>{s.name}</dd>
                      <dt>Document root</dt>
                      <dd className="mono">{s.documentRoot}</dd>
                      <dt>Automated e-mails</dt>
                      <dd>{s.sendAutomatedEmails ? "Sent on migration" : "Not sent"}</dd>
                      <dt>Created</dt>
                      <dd>{formatDateTime(s.createdAt)}</dd>
                    </dl>
                  )}
                </div>
              </section>
            </div>
            <AuditTrail code={code} />
          </div>
        </>
      )}
    </QueryState>
  );
}

function AuditTrail({ code }: { code: string }) {
  const trpc = useTRPC();
  const q = useInfiniteQuery(
    trpc.supplier.audit.infiniteQueryOptions({ code }, { getNextPageParam: (p) => p.nextCursor }),
  );
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card id="audit-title" title="Audit trail" description="Who changed this supplier, what and when.">
      <QueryState
        query={q}
        isEmpty={items.length === 0}
        empty={<EmptyState title="No changes recorded">Changes made by operators appear here.</EmptyState>}
      >
        {() => (
          <ol className="timeline" data-testid="audit-trail">
            {items.map((a) => (
              <li key={a.id}>
                <div>
                  <AuditChange action={a.action} details={a.details} />
                </div>
                <div className="muted small">
                  {a.actor} · {formatDateTime(a.createdAt)}
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      {q.hasNextPage && (
        <button
          className="btn btn-sm"
          type="button"
          onClick={() => void q.fetchNextPage()}
          disabled={q.isFetchingNextPage}
        >
          {q.isFetchingNextPage ? "Loading…" : "Show older changes"}
        </button>
      )}
    </Card>
  );
}

/** The page heading: the supplier's name with its code, or just the code while it loads or when they are the same. */
export function SupplierTitle({ code }: { code: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.supplier.get.queryOptions({ code }));
  const name = q.data?.name;
  if (!name || name === code) return <span className="mono">{code}</span>;
  return (
    <>
      {name}{" "}
      <span className="mono muted" style={{ fontWeight: 500 }}>
        {code}
      </span>
    </>
  );
}

export function SupplierActions({ code }: { code: string }) {
  return (
    <div className="row">
      <Link className="btn" href={`/suppliers/${encodeURIComponent(code)}/cohorts`}>
        Cohorts
      </Link>
      <Link className="btn btn-primary" href={`/suppliers/${encodeURIComponent(code)}/imports`}>
        Account imports
      </Link>
    </div>
  );
}
