"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { formatDateTime } from "@/app/components/ui/format";
import { JsonView } from "@/app/components/ui/json";
import { PayloadTree, payloadAnchor } from "@/app/components/ui/payload-tree";
import { QueryState } from "@/app/components/ui/query-state";

const STEP: Record<string, string> = {
  "data_import.import_process.complete": "Imported",
  "data_import.import_process.error": "Import refused",
  "data_import.import_process.dry_run_complete": "Dry run passed",
  "data_import.import_process.dry_run_error": "Dry run failed",
};

/** One account's import: its stage, errors, staged data and the import attempts in order. */
export function ImportProcess({ supplier, external }: { supplier: string; external: string }) {
  const trpc = useTRPC();
  const q = useQuery(
    trpc.accountImport.get.queryOptions({ importSupplier: supplier, externalAccountNumber: external }),
  );
  return (
    <QueryState query={q}>
      {(p) => (
        <div className="stack">
          <div className="grid-2">
            <section className="card">
              <div className="card-header">
                <h2>Import stage</h2>
                <Badge value={p.status} />
              </div>
              <div className="card-body">
                <dl className="facts">
                  <dt>Supplier</dt>
                  <dd>
                    <Link href={`/suppliers/${encodeURIComponent(p.importSupplier)}`}>{p.importSupplier}</Link>{" "}
                    <Badge value={p.supplierStatus} />
                  </dd>
                  <dt>Platform account</dt>
                  <dd className="mono">
                    {p.accountNumber ? (
                      <Link href={`/accounts/${p.accountNumber}`}>{p.accountNumber}</Link>
                    ) : (
                      "not imported yet"
                    )}
                  </dd>
                  {p.failedIn ? (
                    <>
                      <dt>Never staged</dt>
                      <dd data-testid="failed-in-job">
                        Refused at {p.failedIn.step ?? "validation"} in import job{" "}
                        <Link href={`/import-jobs/${p.failedIn.jobId}`}>
                          {p.failedIn.jobId} ({p.failedIn.fileName})
                        </Link>
                        , line {p.failedIn.line}; fix it there and retry.
                      </dd>
                      <dt>Uploaded</dt>
                      <dd>{formatDateTime(p.createdAt)}</dd>
                    </>
                  ) : (
                    <>
                      <dt>First staged</dt>
                      <dd>{formatDateTime(p.createdAt)}</dd>
                    </>
                  )}
                  <dt>Last change</dt>
                  <dd>{formatDateTime(p.updatedAt)}</dd>
                  <dt>Imported</dt>
                  <dd>{formatDateTime(p.importedAt)}</dd>
                  {p.operationsTeamName && (
                    <>
                      <dt>Operations team</dt>
                      <dd>{p.operationsTeamName}</dd>
                    </>
                  )}
                </dl>
                <p className="muted small" style={{ margin: "8px 0 0" }}>
                  Times are London time.
                </p>
                {p.errors.length > 0 && (
                  <div className="alert alert-error" role="alert" style={{ marginTop: 16 }}>
                    <div>
                      <strong>Why it failed</strong>
                      <ul style={{ margin: 0, paddingLeft: 18 }}>
                        {p.errors.map((e, i) => (
                          <li key={i}>
                            {e.attr && (
                              <a className="mono" href={`#${payloadAnchor(e.attr)}`}>
                                {e.attr}
                              </a>
                            )}
                            {e.attr && ": "}
                            {e.detail} <span className="small">({e.code})</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                )}
              </div>
            </section>
            <section className="card">
              <div className="card-header">
                <h2>History</h2>
              </div>
              <div className="card-body">
                <ol className="timeline">
                  {p.history.map((h) => (
                    <li key={h.id}>
                      <strong>{STEP[h.type] ?? h.type}</strong>
                      {typeof h.payload.error_detail === "string" && (
                        <div className="small">{h.payload.error_detail}</div>
                      )}
                      <div className="muted small">{formatDateTime(h.occurredAt)}</div>
                    </li>
                  ))}
                  <li>
                    <strong>Staged</strong>
                    <div className="muted small">{formatDateTime(p.createdAt)}</div>
                  </li>
                </ol>
              </div>
            </section>
          </div>
          <section className="card">
            <div className="card-header">
              <h2>Staged payload</h2>
              <span className="muted small">production&apos;s EnergyAccount, every field as the script sent it</span>
            </div>
            <div className="card-body">
              <PayloadTree tree={p.tree} errors={p.errors} />
              <details className="payload-json">
                <summary>As JSON</summary>
                <JsonView value={p.payload} label="Staged payload as JSON" />
              </details>
            </div>
          </section>
        </div>
      )}
    </QueryState>
  );
}
