"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ACCOUNT_CSV_COLUMNS } from "@/server/services/accounts/account-csv-columns";
import { jsonErrorAt } from "./json-error";
import { useQueryParam } from "@/app/components/ui/use-query-param";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Breakable } from "@/app/components/ui/breakable";
import { Card } from "@/app/components/ui/card";
import { describeError } from "@/app/components/ui/errors";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatCount } from "@/app/components/ui/format";
import { PayloadTree } from "@/app/components/ui/payload-tree";
import { QueryState } from "@/app/components/ui/query-state";
import { Table } from "@/app/components/ui/table";
import type { ImportJobView } from "@/server/services/import-jobs/get-import-job";

/** Failures grouped by code; a group's rows; a row's payload tree with its errors, to fix and retry (ADR 0405). */
export function JobTriage({ job, canEdit }: { job: ImportJobView; canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const live = job.status === "running" ? 3000 : false;
  const groups = useQuery({ ...trpc.importJob.failureGroups.queryOptions({ id: job.id }), refetchInterval: live });
  // The job's own refresh says when its failures changed (also the last ones, as it completes): read the groups again then.
  const failed = job.counts.failed;
  const refetchGroups = groups.refetch;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the groups are fetched again when the failed count moves.
  useEffect(() => {
    void refetchGroups();
  }, [failed, refetchGroups]);
  /** The group shown: a code, "" for every failed row, null for none. */
  // The open group (`?failures=CODE`, `*` for all) and row (`?line=`) are in the URL, so a link opens them.
  const [codeParam, setCodeParam] = useQueryParam("failures");
  const code = codeParam === "" ? null : codeParam === "*" ? "" : codeParam;
  const setCode = (c: string | null) => setCodeParam(c === null ? "" : c === "" ? "*" : c);
  const [lineParam, setLineParam] = useQueryParam("line");
  const line = /^\d+$/.test(lineParam) ? Number(lineParam) : null;
  const setLine = (l: number | null) => setLineParam(l === null ? "" : String(l));
  const [message, setMessage] = useState<string | null>(null);
  // Each save is its own: a second save of the same line remounts the outcome, which reads the row afresh.
  const [retried, setRetried] = useState<{ line: number; save: number } | null>(null);
  const refresh = () =>
    refreshAfterChange(
      qc,
      trpc.importJob.get.queryKey({ id: job.id }),
      trpc.importJob.failureGroups.queryKey({ id: job.id }),
      trpc.importJob.failedRows.queryKey(),
    );
  const retry = useMutation(
    trpc.importJob.retryGroup.mutationOptions({
      onSuccess: async (r) => (
        setRetried(null),
        setMessage(
          `${formatCount(r.retried)} rows with ${r.code} are being retried; the groups below show what fails again.`,
        ),
        setCode(null),
        setLine(null),
        await refresh()
      ),
      onError: (e) => {
        const d = describeError(e);
        setMessage(`${d.detail}${d.requestId ? ` (request id ${d.requestId})` : ""}`);
      },
    }),
  );
  const canRetry = canEdit && job.status !== "cancelled" && job.status !== "failed";
  return (
    <Card
      id="triage-title"
      title="Failures"
      description="Failed rows grouped by the code of their first error. Open a group to see its rows, and a row to see its payload with each error where it is."
      action={
        <a className="btn btn-sm" href={`/import-jobs/${job.id}/failures.csv`} download>
          Export failures (CSV)
        </a>
      }
      flush
    >
      {(message || retried !== null) && (
        <div className="card-body stack">
          {message && (
            <div className="alert alert-info" role="status">
              {message}
            </div>
          )}
          {retried !== null && <RetryOutcome key={retried.save} jobId={job.id} line={retried.line} />}
        </div>
      )}
      <QueryState
        query={groups}
        inCard
        live
        isEmpty={groups.data?.length === 0}
        empty={<div className="card-body muted">No failed rows.</div>}
      >
        {(list) => (
          <Table
            label="Failure groups"
            columns={["Code", "Step", "Rows", "Example", { label: "Actions", hidden: true }]}
            testId="failure-groups"
          >
            {list.map((g) => (
              <tr key={g.code} aria-selected={g.code === code}>
                <td className="mono">{g.code}</td>
                <td>{g.step}</td>
                <td>{formatCount(g.count)}</td>
                <td>{g.example}</td>
                <td className="row nowrap">
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => (setCode(g.code), setLine(null))}
                    aria-label={`Show rows failing with ${g.code}`}
                  >
                    Show rows
                  </button>
                  {canRetry && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate({ id: job.id, code: g.code })}
                      aria-label={`Retry group: the ${g.count} rows failing with ${g.code}`}
                    >
                      Retry group
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
      {groups.data && groups.data.length > 0 && code === null && (
        <div className="card-body">
          <button type="button" className="btn btn-sm" onClick={() => setCode("")}>
            Show all failed rows
          </button>
        </div>
      )}
      {code !== null && <GroupRows jobId={job.id} code={code} onOpen={setLine} />}
      {line !== null && (
        <RowDetail
          jobId={job.id}
          line={line}
          canEdit={canRetry}
          onFixed={async (l) => (
            setMessage(null), setRetried((r) => ({ line: l, save: (r?.save ?? 0) + 1 })), setLine(null), await refresh()
          )}
        />
      )}
    </Card>
  );
}

function GroupRows({ jobId, code, onOpen }: { jobId: number; code: string; onOpen: (line: number) => void }) {
  const trpc = useTRPC();
  const [after, setAfter] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another group starts at its first page.
  useEffect(() => setAfter(0), [code]);
  const rows = useQuery(
    trpc.importJob.failedRows.queryOptions({ id: jobId, code: code || undefined, afterLine: after }),
  );
  const title = code ? `Rows failing with ${code}` : "Every failed row";
  return (
    <div className="card-body stack">
      <h3>{title}</h3>
      <QueryState
        query={rows}
        isEmpty={rows.data?.items.length === 0}
        empty={<p className="muted">None left in this group.</p>}
      >
        {(page) => (
          <>
            <Table
              label={title}
              columns={["Line", "External account", "Column or attr", "Detail", { label: "Actions", hidden: true }]}
              testId="failed-rows"
            >
              {page.items.flatMap((r) =>
                (r.errors.length
                  ? r.errors
                  : [{ attr: null, column: null, code: r.errorCode ?? "failed", detail: "" }]
                ).map((e, i) => (
                  <tr key={`${r.line}-${i}`}>
                    <td>{r.line}</td>
                    <td className="mono">{r.externalAccountNumber ?? "—"}</td>
                    <td className="mono">
                      {(e.column ?? e.attr) ? <Breakable text={(e.column ?? e.attr)!} wrap="normal" /> : "—"}
                    </td>
                    <td>
                      <Breakable text={e.detail} wrap="break-word" /> <span className="muted small">({e.code})</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm"
                        onClick={() => onOpen(r.line)}
                        aria-label={`Open line ${r.line}`}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                )),
              )}
            </Table>
            {page.nextAfterLine !== null && (
              <button type="button" className="btn btn-sm" onClick={() => setAfter(page.nextAfterLine!)}>
                Next rows
              </button>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

function RowDetail({
  jobId,
  line,
  canEdit,
  onFixed,
}: {
  jobId: number;
  line: number;
  canEdit: boolean;
  onFixed: (line: number) => Promise<void>;
}) {
  const trpc = useTRPC();
  const row = useQuery(trpc.importJob.row.queryOptions({ id: jobId, line }));
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a long list: the editor is brought into view and the focus moved to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each row opened (`line`) is brought into view.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [line]);
  const fix = useMutation(
    trpc.importJob.fixRow.mutationOptions({
      onSuccess: () => onFixed(line),
      onMutate: () => setError(null),
    }),
  );
  function save(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch (e) {
      setError(jsonErrorAt(payload, e));
      return;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      return setError("The account must be a JSON object ({ … }).");
    fix.mutate({ id: jobId, line, payload: parsed as Record<string, unknown> });
  }
  return (
    <div className="card-body stack" data-testid="row-detail">
      <h3 ref={heading} tabIndex={-1}>
        Line {line}
      </h3>
      <QueryState query={row}>
        {(r) => (
          <div className="stack">
            <ul className="small">
              {r.errors.map((e, i) => (
                <li key={i}>
                  <span className="mono">{e.column ?? e.attr ?? "account"}</span>: {e.detail}{" "}
                  <span className="muted">({e.code})</span>
                </li>
              ))}
            </ul>
            {canEdit && r.status === "failed" && r.cells ? (
              <CsvRowForm
                line={line}
                cells={r.cells}
                errors={r.errors}
                pending={fix.isPending}
                error={fix.error ? <ErrorAlert error={fix.error} /> : null}
                onSave={(cells) => fix.mutate({ id: jobId, line, cells })}
              />
            ) : (
              <>
                {r.tree ? (
                  <PayloadTree tree={r.tree} errors={r.errors} label={`Payload of line ${line}`} />
                ) : (
                  <p className="muted">This line did not parse; nothing to show.</p>
                )}
                {canEdit && r.status === "failed" && (
                  <div className="stack">
                    <div className="field">
                      <label htmlFor={`fix-${line}`}>Corrected account (JSON)</label>
                      <textarea
                        id={`fix-${line}`}
                        className="fix-editor"
                        value={text ?? JSON.stringify(r.payload ?? {}, null, 2)}
                        onChange={(e) => setText(e.target.value)}
                        spellCheck={false}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `fix-${line}-error` : undefined}
                      />
                    </div>
                    {error && (
                      <div id={`fix-${line}-error`} className="alert alert-error" role="alert">
                        {error}
                      </div>
                    )}
                    {fix.error && <ErrorAlert error={fix.error} />}
                    <div>
                      <button
                        type="button"
                        className="btn btn-primary"
                        disabled={fix.isPending}
                        onClick={() => save(text ?? JSON.stringify(r.payload ?? {}))}
                      >
                        Save and retry
                      </button>
                    </div>
                  </div>
                )}
              </>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

type RowError = { column?: string | null; attr: string | null; detail: string; code: string };

/**
 * A failed CSV row as a form of its columns (issue 39 item 6): the columns with errors first, each
 * with its message, the rest folded below; only the cells changed are sent.
 */
function CsvRowForm({
  line,
  cells,
  errors,
  pending,
  error,
  onSave,
}: {
  line: number;
  cells: Record<string, string>;
  errors: RowError[];
  pending: boolean;
  error: React.ReactNode;
  onSave: (cells: Record<string, string>) => void;
}) {
  const [draft, setDraft] = useState<Record<string, string>>(cells);
  const messages = new Map<string, string[]>();
  for (const e of errors) if (e.column) messages.set(e.column, [...(messages.get(e.column) ?? []), e.detail]);
  const names = ACCOUNT_CSV_COLUMNS.map((c) => c.name);
  const flagged = names.filter((n) => messages.has(n));
  const rest = names.filter((n) => !messages.has(n));
  const input = (name: string) => {
    const id = `cell-${line}-${name}`;
    const msgs = messages.get(name);
    return (
      <div className="field" key={name}>
        <label htmlFor={id} className="mono">
          {name}
        </label>
        <input
          id={id}
          type="text"
          value={draft[name] ?? ""}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
          aria-invalid={msgs ? true : undefined}
          aria-describedby={msgs ? `${id}-error` : undefined}
        />
        {msgs && (
          <p id={`${id}-error`} className="field-error">
            {msgs.join(" ")}
          </p>
        )}
      </div>
    );
  };
  const changed = Object.fromEntries(
    names.filter((n) => (draft[n] ?? "") !== (cells[n] ?? "")).map((n) => [n, draft[n] ?? ""]),
  );
  return (
    <form
      className="stack"
      aria-label={`Correct line ${line}`}
      data-testid="csv-row-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(changed);
      }}
    >
      <p className="muted small">
        Correct the row&apos;s cells as in your spreadsheet; the row is then checked and imported again.
      </p>
      {flagged.length > 0 && <div className="csv-fix-grid">{flagged.map(input)}</div>}
      <details>
        <summary>{flagged.length ? `The other ${rest.length} columns` : `All ${rest.length} columns`}</summary>
        <div className="csv-fix-grid">{rest.map(input)}</div>
      </details>
      {error}
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending || Object.keys(changed).length === 0}>
          Save and retry
        </button>
      </div>
    </form>
  );
}

/**
 * What became of a row saved and retried (issue 39 item 6): "being retried" only while it truly
 * waits, then its real outcome, read from the row itself.
 */
function RetryOutcome({ jobId, line }: { jobId: number; line: number }) {
  const trpc = useTRPC();
  // The row's cached state is from before the save: only an answer read after it says the outcome.
  const q = useQuery({
    ...trpc.importJob.row.queryOptions({ id: jobId, line }),
    refetchOnMount: "always",
    refetchInterval: (query) => (query.state.data?.status === "pending" || !query.state.data ? 1000 : false),
  });
  const r = q.isFetchedAfterMount ? q.data : undefined;
  if (!r || r.status === "pending") {
    return (
      <div className="alert alert-info" role="status" data-testid="retry-outcome">
        Line {line} was saved and is being retried…
      </div>
    );
  }
  if (r.status === "failed") {
    const first = r.errors[0];
    return (
      <div className="alert alert-error" role="status" data-testid="retry-outcome">
        Line {line} was retried and failed again
        {first ? `: ${first.column ?? first.attr ?? "account"}: ${first.detail}` : "."}{" "}
        {r.errors.length > 1 ? `(${r.errors.length} errors) ` : ""}Open it to correct it.
      </div>
    );
  }
  return (
    <div className="alert alert-ok" role="status" data-testid="retry-outcome">
      Line {line} was retried and{" "}
      {r.status === "valid" ? "is valid (dry run)" : `imported${r.accountNumber ? ` as ${r.accountNumber}` : ""}`}.
    </div>
  );
}
