"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fetchWithRequestId } from "@/app/components/trpc/request-id-fetch";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatCount, formatDateTime } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { RequestId } from "@/app/components/ui/request-id";
import { EmptyState } from "@/app/components/ui/states";
import { controlCsvTemplate, controlJsonlTemplate } from "@/server/services/cohorts/control-columns";
import { CHECK_LABEL, penceAsPounds, showValue } from "../ui/cohort-format";

type Cohort = {
  id: number;
  status: string;
  controlFile: { fileName: string; rows: number; extraColumns: string[]; uploadedBy: string; uploadedAt: Date } | null;
};
type Upload = { detail?: string; errors?: { attr: string | null; detail: string }[]; rows?: number };

/** Control file, reconciliation runs and results, accept-with-reason and sign-off. */
export function CohortReconciliation({ cohort, canEdit }: { cohort: Cohort; canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const open = ["planning", "importing", "imported", "reconciling"].includes(cohort.status);
  const r = useQuery({
    ...trpc.cohort.reconciliation.queryOptions({ id: cohort.id }),
    refetchInterval: (q) =>
      q.state.data?.latestRun && ["queued", "running"].includes(q.state.data.latestRun.status) ? 1500 : false,
  });
  const refresh = () => refreshAfterChange(qc, trpc.cohort.pathKey());
  const run = useMutation(trpc.cohort.reconcile.mutationOptions({ onSuccess: refresh }));
  const signOff = useMutation(trpc.cohort.signOff.mutationOptions({ onSuccess: refresh }));
  return (
    <>
      <Card
        id="control-title"
        title="Control file"
        description="The source system's figures per account. CSV or JSON Lines; columns as the template; extra columns are kept, not compared."
        action={
          <div className="row">
            <a
              className="btn btn-sm"
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(controlCsvTemplate())}`}
              download="control-template.csv"
            >
              CSV template
            </a>
            <a
              className="btn btn-sm"
              href={`data:application/jsonl;charset=utf-8,${encodeURIComponent(controlJsonlTemplate())}`}
              download="control-template.jsonl"
            >
              JSON Lines template
            </a>
          </div>
        }
      >
        {cohort.controlFile ? (
          <p className="small" data-testid="control-file">
            {cohort.controlFile.fileName}: {formatCount(cohort.controlFile.rows)} accounts, uploaded by{" "}
            {cohort.controlFile.uploadedBy} at {formatDateTime(cohort.controlFile.uploadedAt)}
            {cohort.controlFile.extraColumns.length
              ? ` · kept, not compared: ${cohort.controlFile.extraColumns.join(", ")}`
              : ""}
          </p>
        ) : (
          <p className="muted small">No control file yet.</p>
        )}
        {canEdit && open && <ControlUpload id={cohort.id} onDone={refresh} />}
      </Card>
      <Card
        id="reconciliation-title"
        title="Reconciliation"
        description="The platform's figures beside the control file's, per account and check. Re-run after fixes."
        action={
          <div className="row">
            <a className="btn btn-sm" href={`/cohorts/${cohort.id}/summary`}>
              Printable summary
            </a>
            <a className="btn btn-sm" href={`/cohorts/${cohort.id}/mismatches.csv`} download>
              Mismatches CSV
            </a>
          </div>
        }
      >
        <QueryState query={r}>
          {(s) => (
            <div className="stack">
              {s.latestRun && (
                <p className="small" role="status" data-testid="reconciliation-run">
                  Run {s.latestRun.id}: {s.latestRun.status}
                  {s.latestRun.finishedAt ? `, finished ${formatDateTime(s.latestRun.finishedAt)}` : ""}
                  {s.latestRun.error ? ` (${s.latestRun.error})` : ""}
                </p>
              )}
              {s.stale && (
                <div className="alert alert-warn">
                  The members or the control file changed after this run: run it again before signing off.
                </div>
              )}
              {s.reconciliation ? <Summary s={s.reconciliation} /> : <p className="muted small">Not reconciled yet.</p>}
              {canEdit &&
                (cohort.status === "imported" ||
                  cohort.status === "reconciling" ||
                  cohort.status === "importing" ||
                  cohort.status === "planning") && (
                  <div className="row">
                    <button
                      className="btn btn-primary"
                      type="button"
                      onClick={() => run.mutate({ id: cohort.id })}
                      disabled={run.isPending}
                    >
                      {s.reconciliation ? "Reconcile again" : "Reconcile"}
                    </button>
                    {cohort.status === "reconciling" && (
                      <button
                        className="btn"
                        type="button"
                        onClick={() => signOff.mutate({ id: cohort.id })}
                        disabled={signOff.isPending}
                      >
                        Sign off
                      </button>
                    )}
                  </div>
                )}
              {run.error && <ErrorAlert error={run.error} />}
              {signOff.error && <ErrorAlert error={signOff.error} testId="sign-off-error" />}
            </div>
          )}
        </QueryState>
      </Card>
      {r.data?.reconciliation && <Results id={cohort.id} canAccept={canEdit && cohort.status === "reconciling"} />}
    </>
  );
}

type SummaryData = NonNullable<
  Awaited<ReturnType<typeof import("@/server/services/cohorts/results").summaryOf>>["reconciliation"]
>;

export function Summary({ s }: { s: SummaryData }) {
  return (
    <div className="stack">
      <div className="stats">
        <div className="stat">
          <div className="label">Accounts compared</div>
          <div className="value" data-testid="summary-compared">
            {formatCount(s.compared)}
          </div>
        </div>
        <div className="stat">
          <div className="label">Reconciled</div>
          <div className="value" data-testid="summary-reconciled">
            {formatCount(s.reconciled)}
          </div>
        </div>
        <div className="stat">
          <div className="label">Open mismatches</div>
          <div className="value" data-testid="summary-open">
            {formatCount(s.open)}
          </div>
        </div>
        <div className="stat">
          <div className="label">Balances: source / platform</div>
          <div className="value" style={{ fontSize: 16 }} data-testid="summary-balances">
            {penceAsPounds(s.sourceBalancePence)} / {penceAsPounds(s.platformBalancePence)}
          </div>
        </div>
      </div>
      <p className="small">
        In the control file but not imported: {formatCount(s.notImported)} · imported but not in the control file:{" "}
        {formatCount(s.notInControlFile)}
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Mismatches by check">
        <table className="table" data-testid="summary-checks">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Mismatches</th>
              <th scope="col">Accepted</th>
              <th scope="col">Open</th>
            </tr>
          </thead>
          <tbody>
            {s.checks.map((c) => (
              <tr key={c.check}>
                <td>{CHECK_LABEL[c.check]}</td>
                <td>{formatCount(c.mismatches)}</td>
                <td>{formatCount(c.accepted)}</td>
                <td>{formatCount(c.open)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ControlUpload({ id, onDone }: { id: number; onDone: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; lines: string[]; requestId: string | null } | null>(null);
  const [done, setDone] = useState<number | null>(null);
  async function upload(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = (e.currentTarget.elements.namedItem("control-file") as HTMLInputElement).files?.[0];
    if (!file) return setError({ text: "Choose a file first.", lines: [], requestId: null });
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const q = new URLSearchParams({ name: file.name, format: /\.csv$/i.test(file.name) ? "csv" : "jsonl" });
      const res = await fetchWithRequestId(`/cohorts/${id}/control-file?${q}`, {
        method: "POST",
        body: file,
        headers: { "content-type": "application/octet-stream" },
      });
      const body = (await res.json().catch(() => ({}))) as Upload;
      if (!res.ok)
        return setError({
          text: body.detail ?? `The upload failed (HTTP ${res.status}).`,
          lines: (body.errors ?? []).map((x) => x.detail),
          requestId: res.headers.get("x-request-id"),
        });
      setDone(body.rows ?? 0);
      await onDone();
    } catch {
      setError({
        text: "The upload broke off; nothing was stored. Upload the file again.",
        lines: [],
        requestId: null,
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="stack" onSubmit={upload}>
      <div className="field">
        <label htmlFor="control-file">Control file</label>
        <input id="control-file" name="control-file" type="file" accept=".csv,.jsonl,.ndjson" disabled={busy} />
      </div>
      {error && (
        <div className="alert alert-error" role="alert" data-testid="control-errors">
          <div>
            {error.text}
            {error.lines.length > 0 && (
              <ul>
                {error.lines.slice(0, 50).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            )}
            <RequestId id={error.requestId} />
          </div>
        </div>
      )}
      {done !== null && (
        <p role="status" className="small">
          Stored {formatCount(done)} accounts.
        </p>
      )}
      <div>
        <button className="btn" type="submit" disabled={busy}>
          {busy ? "Uploading…" : "Upload control file"}
        </button>
      </div>
    </form>
  );
}

function Results({ id, canAccept }: { id: number; canAccept: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [check, setCheck] = useState("");
  const [state, setState] = useState<"open" | "accepted" | "all_mismatches" | "match">("open");
  const [reason, setReason] = useState("");
  const input = { id, state, limit: 100, ...(check ? { check: check as "balance" } : {}) };
  const q = useQuery(trpc.cohort.results.queryOptions(input));
  const accept = useMutation(
    trpc.cohort.accept.mutationOptions({
      onSuccess: async () => {
        setReason("");
        await refreshAfterChange(qc, trpc.cohort.pathKey());
      },
    }),
  );
  return (
    <Card
      id="results-title"
      title="Results"
      description="Per account and check, both values. Filter by check and state."
    >
      <div className="stack">
        <div className="row">
          <div className="field">
            <label htmlFor="results-check">Check</label>
            <select id="results-check" value={check} onChange={(e) => setCheck(e.target.value)}>
              <option value="">All checks</option>
              {Object.entries(CHECK_LABEL).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="results-state">State</label>
            <select id="results-state" value={state} onChange={(e) => setState(e.target.value as typeof state)}>
              <option value="open">Open mismatches</option>
              <option value="accepted">Accepted</option>
              <option value="all_mismatches">All mismatches</option>
              <option value="match">Matches</option>
            </select>
          </div>
        </div>
        {canAccept && state === "open" && (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              accept.mutate({ id, reason, ...(check ? { check: check as "balance" } : {}) });
            }}
          >
            <div className="field" style={{ flex: 1 }}>
              <label htmlFor="accept-reason">
                Reason for accepting{" "}
                {check ? `every open ${CHECK_LABEL[check].toLowerCase()} mismatch` : "every open mismatch shown"}
              </label>
              <input
                id="accept-reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                minLength={3}
                maxLength={1000}
                required
              />
            </div>
            <button className="btn" type="submit" disabled={accept.isPending}>
              Accept with reason
            </button>
          </form>
        )}
        {accept.error && <ErrorAlert error={accept.error} />}
        {accept.data && (
          <p role="status" className="small">
            Accepted {formatCount(accept.data.accepted)}.
          </p>
        )}
        <QueryState
          query={q}
          isEmpty={q.data?.items.length === 0}
          empty={<EmptyState title="Nothing here">No results in this state.</EmptyState>}
        >
          {(d) => (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Reconciliation results">
              <table className="table" data-testid="results-table">
                <thead>
                  <tr>
                    <th scope="col">External number</th>
                    <th scope="col">Account</th>
                    <th scope="col">Check</th>
                    <th scope="col">Control file</th>
                    <th scope="col">Platform</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((x) => (
                    <tr key={`${x.externalAccountNumber}/${x.check}`}>
                      <td className="mono">{x.externalAccountNumber}</td>
                      <td>{x.accountNumber ? <a href={`/accounts/${x.accountNumber}`}>{x.accountNumber}</a> : "—"}</td>
                      <td>{CHECK_LABEL[x.check]}</td>
                      <td className="mono small">{showValue(x.check, x.sourceValue)}</td>
                      <td className="mono small">{showValue(x.check, x.platformValue)}</td>
                      <td className="small">
                        {x.status === "match"
                          ? "match"
                          : x.acceptance
                            ? `accepted by ${x.acceptance.acceptedBy}: ${x.acceptance.reason}`
                            : "open"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {d.nextCursor && <p className="muted small">First 100 shown; the CSV export has them all.</p>}
            </div>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
