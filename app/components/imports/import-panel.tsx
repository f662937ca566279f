"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { countOf, formatCount } from "@/app/components/ui/format";
import { useTRPCClient } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { Dialog } from "@/app/components/ui/dialog";
import type { ImportItemResult } from "@/server/services/console/process-account-batch";
import { Progress } from "./progress";
import { DisabledNotice, RunSummary, runFailure, useRefreshImports } from "./run-parts";

const BATCH = 20;

type Run = { dryRun: boolean; total: number; done: number; ok: ImportItemResult[]; failed: ImportItemResult[]; finished: boolean; cancelled: boolean; error?: string };

type Which = "all" | "selected";

/**
 * Imports staged accounts in batches from the browser, so a long run shows progress and can be
 * stopped. A real import asks first (it cannot be undone and may e-mail customers); a dry run does not.
 */
export function ImportPanel({
  code,
  selected,
  stagedCount,
  sendAutomatedEmails,
  onDone,
  disabledReason,
}: {
  code: string;
  selected: string[];
  stagedCount: number;
  sendAutomatedEmails: boolean;
  onDone: () => void;
  disabledReason?: string;
}) {
  const client = useTRPCClient();
  const refresh = useRefreshImports();
  const [dryRun, setDryRun] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const [confirm, setConfirm] = useState<Which | null>(null);
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

  const ask = (which: Which) => (dryRun ? void start(which) : setConfirm(which));

  async function start(which: Which) {
    setConfirm(null);
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
        <button className="btn btn-primary" type="button" disabled={blocked || stagedCount === 0} onClick={() => ask("all")}>
          {dryRun ? "Dry-run" : "Import"} all staged ({formatCount(stagedCount)})
        </button>
        <button className="btn" type="button" disabled={blocked || selected.length === 0} onClick={() => ask("selected")}>
          {dryRun ? "Dry-run" : "Import"} selected ({formatCount(selected.length)})
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} disabled={blocked} />
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
              title={`${run.ok.length} ${run.dryRun ? "would import" : "imported"}, ${run.failed.length} failed${run.cancelled ? " (stopped)" : ""}`}
            >
              {run.error ?? (run.dryRun ? "Nothing was changed." : run.failed.length ? "Failed accounts keep their errors; fix and stage them again." : "")}
            </RunSummary>
          )}
          {run.failed.length > 0 && (
            <ul className="small" style={{ marginTop: 8 }}>
              {run.failed.slice(0, 50).map((f) => (
                <li key={f.externalAccountNumber}>
                  <Link className="mono" href={`/accounts/import/${encodeURIComponent(code)}/${encodeURIComponent(f.externalAccountNumber)}`}>
                    {f.externalAccountNumber}
                  </Link>
                  : {f.detail} <span className="muted">({f.code})</span>
                  {f.errors && f.errors.length > 0 && (
                    <ul>
                      {f.errors.slice(0, 5).map((e, i) => (
                        <li key={i}>
                          {e.attr && <span className="mono">{e.attr}: </span>}
                          {e.detail}
                        </li>
                      ))}
                    </ul>
                  )}
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
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} labelledBy="import-confirm-title">
        {confirm && (
          <ConfirmImport
            code={code}
            count={confirm === "all" ? stagedCount : selected.length}
            which={confirm}
            sendAutomatedEmails={sendAutomatedEmails}
            onCancel={() => setConfirm(null)}
            onConfirm={() => void start(confirm)}
          />
        )}
      </Dialog>
    </Card>
  );
}

/** What importing does, before it is done: how many, that it is final, and whether customers are e-mailed. */
function ConfirmImport({ code, count, which, sendAutomatedEmails, onCancel, onConfirm }: { code: string; count: number; which: Which; sendAutomatedEmails: boolean; onCancel: () => void; onConfirm: () => void }) {
  const accounts = countOf(count, which === "all" ? "staged account" : "selected account");
  return (
    <>
      <div className="dialog-body">
        <h2 id="import-confirm-title">Import {accounts}?</h2>
        <p>Each becomes a platform account under {code}. Imports cannot be undone: an imported account cannot be staged or imported again.</p>
        <p data-testid="import-confirm-emails" className={`alert ${sendAutomatedEmails ? "alert-warn" : "alert-info"}`}>
          {sendAutomatedEmails
            ? `Automated e-mails are on for ${code}: customers of the imported accounts may be e-mailed about their migration.`
            : `Automated e-mails are off for ${code}: no customer is e-mailed.`}
        </p>
        <p className="muted small">Not sure? Cancel and run a dry run first: it validates each account and changes nothing.</p>
      </div>
      <div className="dialog-footer">
        <button type="button" className="btn" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          Import {countOf(count, "account")}
        </button>
      </div>
    </>
  );
}
