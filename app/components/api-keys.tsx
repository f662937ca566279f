"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Dialog } from "@/app/components/ui/dialog";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatDateTime, LONDON_TIME, timeAgo } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import { refreshAfterChange } from "@/app/components/trpc/query-client";

type Confirm = { kind: "roll" | "invalidate"; id: number; prefix: string } | null;

const DIALOG_HINTS = {
  api_key_not_found: {
    title: "This key is no longer active",
    next: "It was already rolled or invalidated, perhaps in another tab; the list now shows its current state.",
  },
};

export function ApiKeys({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.apiKey.list.queryOptions({}));
  const [shown, setShown] = useState<{ key: string; why: string } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [copied, setCopied] = useState(false);
  // Refused or not, the list may be stale (changed in another tab): read it again either way.
  const refresh = () => refreshAfterChange(qc, trpc.apiKey.pathKey());
  const create = useMutation(
    trpc.apiKey.create.mutationOptions({
      onSuccess: (k) => setShown({ key: k.key, why: "New API key" }),
      onSettled: refresh,
    }),
  );
  const roll = useMutation(
    trpc.apiKey.roll.mutationOptions({
      onSuccess: (k) => (setConfirm(null), setShown({ key: k.key, why: "Replacement key" })),
      onSettled: refresh,
    }),
  );
  const invalidate = useMutation(
    trpc.apiKey.invalidate.mutationOptions({ onSuccess: () => setConfirm(null), onSettled: refresh }),
  );
  const pending = roll.isPending || invalidate.isPending;
  const dialogError = confirm?.kind === "roll" ? roll.error : confirm?.kind === "invalidate" ? invalidate.error : null;
  const stillActive = confirm !== null && Boolean(q.data?.some((k) => k.id === confirm.id && !k.invalidatedAt));
  const ask = (c: NonNullable<Confirm>) => (roll.reset(), invalidate.reset(), setConfirm(c));
  return (
    <>
      {canEdit && (
        <div className="row" style={{ marginBottom: 16 }}>
          <button
            className="btn btn-primary"
            type="button"
            onClick={() => (setCopied(false), create.mutate({}))}
            disabled={create.isPending}
          >
            {create.isPending ? "Creating…" : "Create API key"}
          </button>
          <span className="muted small">
            Migration scripts exchange a key for a token, or send it as “Authorization: Token &lt;key&gt;”.
          </span>
        </div>
      )}
      {create.error && <ErrorAlert error={create.error} />}
      {shown && (
        <div className="alert alert-ok" role="status" data-testid="new-key">
          <div style={{ width: "100%" }}>
            <strong>{shown.why}: copy it now. It is shown only this once.</strong>
            <div className="row" style={{ marginTop: 8 }}>
              <code
                className="mono"
                style={{
                  background: "#fff",
                  padding: "6px 10px",
                  borderRadius: 6,
                  border: "1px solid #b6e3cb",
                  flex: 1,
                  overflowWrap: "anywhere",
                }}
              >
                {shown.key}
              </code>
              <button
                className="btn btn-sm"
                type="button"
                onClick={() => void navigator.clipboard?.writeText(shown.key).then(() => setCopied(true))}
              >
                {copied ? "Copied" : "Copy"}
              </button>
              <button className="btn btn-sm btn-ghost" type="button" onClick={() => setShown(null)}>
                Done
              </button>
            </div>
          </div>
        </div>
      )}
      <section className="card">
        <QueryState
          query={q}
          inCard
          isEmpty={q.data?.length === 0}
          empty={
            <EmptyState title="No API keys" icon="⚿">
              {canEdit
                ? "Create one for your migration scripts."
                : "Ask an operator to create one for your migration scripts."}
            </EmptyState>
          }
        >
          {(keys) => (
            <Table
              label="API keys"
              columns={["Key", "Status", `Created ${LONDON_TIME}`, "Last used", { label: "Actions", hidden: true }]}
            >
              {keys.map((k) => (
                <tr key={k.id}>
                  <td>
                    <span className="mono">{k.prefix}…</span>
                    {/* The audit log names a key by this number ("API key 12"); it links to the key's history. */}
                    <div className="small">
                      <Link href={`/audit?kind=api_key&entity=${k.id}`} title={`Audit log of API key ${k.id}`}>
                        Key {k.id}
                      </Link>
                    </div>
                  </td>
                  <td>
                    {k.invalidatedAt ? <Badge value="invalidated" /> : <Badge value="active" />}
                    {k.invalidatedAt && (
                      <div className="muted small">
                        {formatDateTime(k.invalidatedAt)} by {k.invalidatedBy}
                      </div>
                    )}
                  </td>
                  <td className="small">
                    {formatDateTime(k.createdAt)}
                    <div className="muted">by {k.createdBy}</div>
                  </td>
                  <td className="small" title={k.lastUsedAt ? formatDateTime(k.lastUsedAt) : undefined}>
                    {timeAgo(k.lastUsedAt)}
                  </td>
                  <td>
                    {canEdit && !k.invalidatedAt && (
                      <div className="row nowrap">
                        <button
                          className="btn btn-sm"
                          type="button"
                          onClick={() => ask({ kind: "roll", id: k.id, prefix: k.prefix })}
                        >
                          Roll
                        </button>
                        <button
                          className="btn btn-sm"
                          type="button"
                          onClick={() => ask({ kind: "invalidate", id: k.id, prefix: k.prefix })}
                        >
                          Invalidate
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </QueryState>
      </section>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} labelledBy="key-confirm-title">
        {confirm && (
          <>
            <div className="dialog-body">
              <h2 id="key-confirm-title">
                {confirm.kind === "roll" ? "Roll" : "Invalidate"} key {confirm.prefix}…?
              </h2>
              <p>
                {confirm.kind === "roll"
                  ? "A new key replaces this one in the same step. The old key and every token issued for it stop working at once; update your scripts with the new key."
                  : "The key and every token issued for it stop working at once. Scripts using it will get 401 until they use another key. This cannot be undone."}
              </p>
              {dialogError && <ErrorAlert error={dialogError} hints={DIALOG_HINTS} testId="key-dialog-error" />}
            </div>
            <div className="dialog-footer">
              <button className="btn" type="button" onClick={() => setConfirm(null)} autoFocus>
                {dialogError ? "Close" : "Cancel"}
              </button>
              <button
                className={`btn ${confirm.kind === "roll" ? "btn-primary" : "btn-danger"}`}
                type="button"
                disabled={pending || !stillActive}
                onClick={() => (
                  setCopied(false),
                  confirm.kind === "roll"
                    ? roll.mutate({ keyId: confirm.id })
                    : invalidate.mutate({ keyId: confirm.id })
                )}
              >
                {pending ? "Working…" : confirm.kind === "roll" ? "Roll key" : "Invalidate key"}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
