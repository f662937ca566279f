"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { useTRPCClient } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import type { ImportItemResult } from "@/server/services/console/process-account-batch";
import { Progress } from "./progress";
import { DisabledNotice, RunSummary, runFailure, useRefreshImports } from "./run-parts";

const BATCH = 20;

type Run = { dryRun: boolean; total: number; done: number; ok: ImportItemResult[]; failed: ImportItemResult[]; finished: boolean; cancelled: boolean; error?: string };

/** Imports staged accounts in batches from the browser, so a long run shows progress and can be stopped. */
export function ImportPanel({ code, selected, stagedCount, onDone, disabledReason }: { code: string; selected: string[]; stagedCount: number; onDone: () => void; disabledReason?: string }) {
  const client = useTRPCClient();
  const refresh = useRefreshImports();
  const [dryRun, setDryRun] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const stop = useRef(false);
  const busy = run !== null && !run.finished;

  async function allStaged(): Promise<string[]> {
    const out: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await client.accountImport.list.query({ importSupplier: code, status: "staged", sort: "created_at", direction: "asc", limit: 1000, cursor });
      out.push(...page.items.map((i) => i.externalAccountNumber));
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  async function start(which: "all" | "selected") {
    stop.current = false;
    let state: Run = { dryRun, total: 0, done: 0, ok: [], failed: [], finished: false, cancelled: false };
    setRun(state);
    try {
      const targets = which === "all" ? await allStaged() : selected;
      state = { ...state, total: targets.length };
      setRun(state);
      for (let i = 0; i < targets.length && !stop.current; i += BATCH) {
        const { results } = await client.accountImport.processBatch.mutate({ importSupplier: code, externalAccountNumbers: targets.slice(i, i + BATCH), dryRun });
        state = { ...state, done: state.done + results.length, ok: [...state.ok, ...results.filter((r) => r.ok)], failed: [...state.failed, ...results.filter((r) => !r.ok)] };
        setRun(state);
      }
      state = { ...state, finished: true, cancelled: stop.current };
    } catch (err) {
      state = { ...state, finished: true, error: runFailure(err) };
    }
    setRun(state);
    onDone();
    await refresh();
  }

  const blocked = Boolean(disabledReason) || busy;
  return (
    <Card id="import-title" title="Import staged accounts" description="Turns staged data into platform accounts, each in its own transaction, exactly as the REST process call does.">
      <DisabledNotice reason={disabledReason} />
      <div className="row">
        <button className="btn btn-primary" type="button" disabled={blocked || stagedCount === 0} onClick={() => void start("all")}>
          {dryRun ? "Dry-run" : "Import"} all staged ({stagedCount})
        </button>
        <button className="btn" type="button" disabled={blocked || selected.length === 0} onClick={() => void start("selected")}>
          {dryRun ? "Dry-run" : "Import"} selected ({selected.length})
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} disabled={busy} />
          Dry run (validate, then roll back)
        </label>
        <span className="spacer" />
        {busy && (
          <button className="btn btn-sm" type="button" onClick={() => (stop.current = true)}>
            Stop after this batch
          </button>
        )}
      </div>
      {run && (
        <div style={{ marginTop: 16 }} data-testid="import-result">
          <Progress label={run.dryRun ? "Dry run" : "Importing"} done={run.done} total={run.total} />
          {run.finished && (
            <RunSummary
              warn={Boolean(run.failed.length || run.error)}
              title={`${run.dryRun ? `${run.ok.length} would import` : `${run.ok.length} imported`}, ${run.failed.length} failed${run.cancelled ? " (stopped)" : ""}`}
            >
              {run.error ?? (run.dryRun ? "Nothing was changed." : run.failed.length ? "Failed accounts keep their errors; fix and stage them again." : "")}
            </RunSummary>
          )}
          {run.failed.length > 0 && (
            <ul className="small" style={{ marginTop: 8 }}>
              {run.failed.slice(0, 50).map((f) => (
                <li key={f.externalAccountNumber}>
                  <span className="mono">{f.externalAccountNumber}</span>: {f.detail} <span className="muted">({f.code})</span>
                </li>
              ))}
            </ul>
          )}
          {!run.dryRun && run.ok.length > 0 && run.finished && run.ok.length <= 5 && (
            <p className="small">
              New accounts:{" "}
              {run.ok.map((r, i) => (
                <span key={r.externalAccountNumber}>
                  {i > 0 && ", "}
                  <Link href={`/accounts/${r.accountNumber}`}>{r.accountNumber}</Link>
                </span>
              ))}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
