"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { JobUpload } from "@/app/components/ui/job-upload";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Card } from "@/app/components/ui/card";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatCount, formatDateTime, formatDay } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { CohortCutover } from "./cohort-cutover";
import { CohortEdit, EDITABLE, RemoveMember } from "./cohort-edit";
import { LIFECYCLE, STATUS_LABEL } from "../ui/cohort-format";
import { CohortReconciliation } from "./cohort-reconciliation";

/** One cohort: its lifecycle, members, imports, control file and reconciliation, sign-off and cut-over. */
export function CohortView({ id, canEdit }: { id: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.cohort.get.queryOptions({ id }),
    refetchInterval: (query) =>
      ["importing", "reconciling", "cutting_over"].includes(query.state.data?.status ?? "") ? 2000 : false,
  });
  return (
    <QueryState query={q} live>
      {(c) => {
        const open = ["planning", "importing", "imported", "reconciling"].includes(c.status);
        return (
          <div className="stack">
            <Card
              id="lifecycle-title"
              title="Lifecycle"
              description={`Planned cut-over ${c.plannedCutoverDate ? formatDay(c.plannedCutoverDate) : "not set"} · supplier ${c.supplierCode} (${c.supplierStatus})${c.notes ? ` · ${c.notes}` : ""}`}
            >
              <ol
                className="row"
                aria-label="Cohort lifecycle"
                data-testid="cohort-lifecycle"
                style={{ flexWrap: "wrap", gap: 8, listStyle: "none", padding: 0, margin: 0 }}
              >
                {LIFECYCLE.map((s, i) => (
                  <li key={s} aria-current={s === c.status ? "step" : undefined}>
                    {s === c.status ? (
                      <Badge value={s} tone="brand" label={STATUS_LABEL[s]} />
                    ) : (
                      <span className={i < LIFECYCLE.indexOf(c.status) ? "" : "muted"}>{STATUS_LABEL[s]}</span>
                    )}
                    {i < LIFECYCLE.length - 1 && <span aria-hidden="true"> → </span>}
                  </li>
                ))}
              </ol>
              <div className="stats" style={{ marginTop: 12 }}>
                <div className="stat">
                  <div className="label">Accounts</div>
                  <div className="value" data-testid="cohort-members">
                    {formatCount(c.members)}
                  </div>
                </div>
                <div className="stat">
                  <div className="label">Imported</div>
                  <div className="value" data-testid="cohort-imported">
                    {formatCount(c.imported)}
                  </div>
                </div>
                <div className="stat">
                  <div className="label">Open mismatches</div>
                  <div className="value" data-testid="cohort-open-mismatches">
                    {c.openMismatches === null ? "—" : formatCount(c.openMismatches)}
                  </div>
                  <div className="small muted">
                    {c.mismatches === null
                      ? "no run yet"
                      : `last run: ${formatCount(c.mismatches)} found, ${formatCount(c.mismatches - (c.openMismatches ?? 0))} accepted`}
                  </div>
                </div>
                <div className="stat">
                  <div className="label">Meter points cut over</div>
                  <div className="value">
                    {formatCount(c.cutover.requested)} / {formatCount(c.cutover.meterPoints)}
                  </div>
                </div>
              </div>
              {c.signOff && (
                <p className="small" data-testid="cohort-signed-off">
                  Signed off by {c.signOff.by} at {formatDateTime(c.signOff.at)}.
                </p>
              )}
              {canEdit && (c.status === "planning" || c.status === "importing") && <MarkImported id={id} />}
              {canEdit && EDITABLE.includes(c.status) && <CohortEdit id={id} initial={c} />}
            </Card>
            {canEdit && open && <JobUpload code={c.supplierCode} cohortId={c.id} />}
            {c.importJobs.length > 0 && (
              <Card id="cohort-jobs-title" title="Import jobs for this cohort">
                <ul className="stack" style={{ margin: 0, paddingLeft: 16 }}>
                  {c.importJobs.map((j) => (
                    <li key={j.id}>
                      <Link href={`/import-jobs/${j.id}`}>Job {j.id}</Link>: {j.fileName}, {formatCount(j.totalRows)}{" "}
                      rows, {j.status}
                      {j.dryRun ? " (dry run)" : ""}
                    </li>
                  ))}
                </ul>
              </Card>
            )}
            <Members id={id} canEdit={canEdit && open} />
            <CohortReconciliation cohort={c} canEdit={canEdit} />
            {["reconciled", "cutting_over", "cut_over"].includes(c.status) && (
              <CohortCutover cohort={c} canEdit={canEdit} />
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

function MarkImported({ id }: { id: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const m = useMutation(
    trpc.cohort.markImported.mutationOptions({ onSuccess: () => refreshAfterChange(qc, trpc.cohort.pathKey()) }),
  );
  return (
    <div className="stack" style={{ marginTop: 12 }}>
      <div>
        <button className="btn" type="button" onClick={() => m.mutate({ id })} disabled={m.isPending}>
          Mark imported
        </button>
      </div>
      {m.error && <ErrorAlert error={m.error} />}
    </div>
  );
}

function Members({ id, canEdit }: { id: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [state, setState] = useState<"all" | "imported" | "not_imported">("all");
  const [list, setList] = useState("");
  const [removed, setRemoved] = useState<string | null>(null);
  const q = useQuery(trpc.cohort.members.queryOptions({ id, state, limit: 50 }));
  const add = useMutation(
    trpc.cohort.addMembers.mutationOptions({
      onSuccess: async () => {
        setList("");
        await refreshAfterChange(qc, trpc.cohort.pathKey());
      },
    }),
  );
  return (
    <Card
      id="members-title"
      title="Members"
      description="Accounts by the supplier's external number; an account belongs to at most one cohort."
    >
      <div className="stack">
        {canEdit && (
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate({ id, accounts: list });
            }}
          >
            <div className="field">
              <label htmlFor="member-list">External account numbers (one a line, or a CSV column)</label>
              <textarea id="member-list" rows={3} value={list} onChange={(e) => setList(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="member-file">Or a file of them</label>
              <input
                id="member-file"
                type="file"
                accept=".csv,.txt"
                onChange={async (e) => setList(await (e.target.files?.[0]?.text() ?? Promise.resolve("")))}
              />
            </div>
            {add.error && <ErrorAlert error={add.error} />}
            {removed && (
              <p role="status" className="small" data-testid="member-removed">
                {removed} removed from the cohort.
              </p>
            )}
            {add.data && (
              <p role="status" className="small">
                {formatCount(add.data.added)} added, {formatCount(add.data.alreadyMembers)} already members.
              </p>
            )}
            <div>
              <button className="btn" type="submit" disabled={add.isPending || !list.trim()}>
                Add accounts
              </button>
            </div>
          </form>
        )}
        <div className="field">
          <label htmlFor="member-state">Show</label>
          <select id="member-state" value={state} onChange={(e) => setState(e.target.value as typeof state)}>
            <option value="all">All members</option>
            <option value="imported">Imported</option>
            <option value="not_imported">Not imported</option>
          </select>
        </div>
        <QueryState
          query={q}
          isEmpty={q.data?.items.length === 0}
          empty={<EmptyState title="No members">Import accounts into the cohort or add them by number.</EmptyState>}
        >
          {(d) => (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Members by external number">
              <table className={canEdit ? "table has-actions" : "table"}>
                <thead>
                  <tr>
                    <th scope="col">External number</th>
                    <th scope="col">Account</th>
                    <th scope="col">Joined from</th>
                    <th scope="col">Joined</th>
                    {canEdit && (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((m) => (
                    <tr key={m.externalAccountNumber}>
                      <td className="mono">{m.externalAccountNumber}</td>
                      <td>
                        {m.accountNumber ? (
                          <Link href={`/accounts/${m.accountNumber}`}>{m.accountNumber}</Link>
                        ) : (
                          <span className="muted">not imported</span>
                        )}
                      </td>
                      <td>{m.source.replace("_", " ")}</td>
                      <td>{formatDateTime(m.addedAt)}</td>
                      {canEdit && (
                        <td>
                          <RemoveMember id={id} external={m.externalAccountNumber} onRemoved={setRemoved} />
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {d.nextCursor && <p className="muted small">First 50 shown.</p>}
            </div>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
