"use client";

import { Fragment, useRef, useState } from "react";
import { useTRPCClient } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { Table } from "@/app/components/ui/table";
import type { RowResult } from "@/server/services/console/stage-account-rows";
import { csvTemplate, parseAccountsFile } from "./parse-file";
import { Progress } from "./progress";
import { DisabledNotice, RunSummary, runFailure, useRefreshImports } from "./run-parts";

const CHUNK = 100;

type Run = { file: string; total: number; done: number; staged: number; updated: number; failed: RowResult[]; error?: string; finished: boolean };

/** Upload a JSON or CSV file: rows are staged in chunks, each validated on the server, errors shown by row and field. */
export function UploadPanel({ code, disabledReason }: { code: string; disabledReason?: string }) {
  const client = useTRPCClient();
  const refresh = useRefreshImports();
  const input = useRef<HTMLInputElement>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const busy = run !== null && !run.finished;

  async function upload(file: File) {
    setFileError(null);
    const parsed = parseAccountsFile(file.name, await file.text());
    if ("error" in parsed) {
      setRun(null);
      setFileError(parsed.error);
      return;
    }
    let state: Run = { file: file.name, total: parsed.records.length, done: 0, staged: 0, updated: 0, failed: [], finished: false };
    setRun(state);
    try {
      for (let i = 0; i < parsed.records.length; i += CHUNK) {
        const rows = parsed.rows?.slice(i, i + CHUNK);
        const { results } = await client.accountImport.stageRows.mutate({ importSupplier: code, format: parsed.format, firstRow: rows?.[0] ?? parsed.firstRow + i, rows, records: parsed.records.slice(i, i + CHUNK) });
        state = {
          ...state,
          done: state.done + results.length,
          staged: state.staged + results.filter((r) => r.ok && r.created).length,
          updated: state.updated + results.filter((r) => r.ok && !r.created).length,
          failed: [...state.failed, ...results.filter((r) => !r.ok)],
        };
        setRun(state);
      }
      state = { ...state, finished: true };
    } catch (err) {
      state = { ...state, finished: true, error: runFailure(err) };
    }
    setRun(state);
    if (input.current) input.current.value = "";
    await refresh();
  }

  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate())}`;
  return (
    <Card
      id="upload-title"
      title="Stage accounts from a file"
      description="JSON (an array of production EnergyAccount payloads, or JSON Lines: one per line) or CSV (one account per row: the template's columns, listed below). Each account is validated and staged on its own."
      action={
        <a className="btn btn-sm" href={template} download="accounts-template.csv">
          CSV template
        </a>
      }
    >
      <DisabledNotice reason={disabledReason} />
      <div className="field">
        <label htmlFor="accounts-file">Accounts file</label>
        <input
          ref={input}
          id="accounts-file"
          type="file"
          accept=".json,.jsonl,.ndjson,.csv,application/json,text/csv"
          disabled={busy || Boolean(disabledReason)}
          aria-describedby="accounts-file-hint"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void upload(f);
          }}
        />
        <span className="hint" id="accounts-file-hint">
          Staging again replaces an account&apos;s staged data until it is imported.
        </span>
      </div>
      {fileError && (
        <div className="alert alert-error" role="alert" style={{ marginTop: 16 }}>
          {fileError}
        </div>
      )}
      {run && (
        <div style={{ marginTop: 16 }} data-testid="upload-result">
          <Progress label={`Staging ${run.file}`} done={run.done} total={run.total} />
          {run.finished && (
            <RunSummary warn={Boolean(run.failed.length || run.error)} title={`${run.staged} staged, ${run.updated} updated, ${run.failed.length} with errors`}>
              {run.error ?? (run.failed.length ? "Fix the rows below and upload the file again; rows already staged are simply updated." : "Import them when you are ready.")}
            </RunSummary>
          )}
          {run.failed.length > 0 && <RowErrors rows={run.failed} />}
        </div>
      )}
    </Card>
  );
}

function RowErrors({ rows }: { rows: RowResult[] }) {
  return (
    <div className="table-wrap" style={{ marginTop: 12, border: "1px solid var(--border)", borderRadius: 8 }}>
      <Table label="Rows with errors" className="fixed" testId="row-errors" columns={[{ label: "Row", style: { width: 64 } }, { label: "Account", style: { width: "28%" } }, { label: "Field", style: { width: "26%" } }, "Problem"]}>
        {rows.flatMap((r) =>
          (r.errors.length ? r.errors : [{ attr: null, column: null, code: r.code ?? "error", detail: r.detail ?? "Refused." }]).map((e, i) => (
            <tr key={`${r.row}-${i}`}>
              <td className="num">{r.row}</td>
              <td className="mono">{r.externalAccountNumber ?? "—"}</td>
              <td className="mono">{(e.column ?? e.attr) ? <Breakable text={(e.column ?? e.attr)!} wrap="normal" /> : "—"}</td>
              <td>
                <Breakable text={e.detail} wrap="break-word" /> <span className="muted small">({e.code})</span>
              </td>
            </tr>
          )),
        )}
      </Table>
    </div>
  );
}

/**
 * Text whose names (`billing_postcode`, `customers.0.email`) wrap only after "_" or ".", never
 * inside a word. `break-word` still breaks a word too long for the cell; `normal` never does.
 */
export function Breakable({ text, wrap }: { text: string; wrap: "normal" | "break-word" }) {
  const parts = text.split(/(?<=[_.])(?=\S)/);
  return (
    <span style={{ overflowWrap: wrap, wordBreak: "normal" }}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
