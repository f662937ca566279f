"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Dialog } from "@/app/components/ui/dialog";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { countOf } from "@/app/components/ui/format";
import { refreshAfterChange } from "@/app/components/trpc/query-client";

type Status = "Ongoing" | "Paused" | "Complete";
type Transition = { to: Status; effect: string };

const VERB: Record<Status, string> = { Ongoing: "Resume", Paused: "Pause", Complete: "Complete" };

const HINTS = {
  invalid_status_transition: {
    title: "Its status has changed",
    next: "Someone changed it meanwhile, perhaps in another tab; the page now shows the current status.",
  },
  import_supplier_not_found: {
    title: "Supplier not found",
    next: "It no longer exists; go back to the list of suppliers.",
  },
};

/** What completing leaves behind: staged accounts that can then never be imported. */
export function completeWarning(staged: number): string {
  if (staged === 0) return "No accounts are waiting to be imported.";
  return `${countOf(staged, "account is", "accounts are")} still staged and will never be imported.`;
}

/** Status change buttons with a confirmation that says what the change does. Operators only. */
export function StatusControl({
  code,
  status,
  staged,
  transitions,
}: {
  code: string;
  status: string;
  staged: number;
  transitions: Transition[];
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [target, setTarget] = useState<Transition | null>(null);
  // The button pressed goes away with the old status: once the new one is on screen, focus
  // moves to its first control (or to "Final status"), never back to the page's start.
  const group = useRef<HTMLDivElement>(null);
  const final = useRef<HTMLSpanElement>(null);
  const offered = transitions.map((t) => t.to).join();
  const [refocusAfter, setRefocusAfter] = useState<string | null>(null);
  useEffect(() => {
    if (refocusAfter === null || refocusAfter === offered) return;
    setRefocusAfter(null);
    (group.current?.querySelector("button") ?? final.current)?.focus();
  }, [offered, refocusAfter]);
  const change = useMutation(
    trpc.supplier.setStatus.mutationOptions({
      onSuccess: () => {
        setRefocusAfter(offered);
        setTarget(null);
      },
      // Refused or not, the status on screen may be stale (changed in another tab): read it again.
      onSettled: () => refreshAfterChange(qc, trpc.supplier.pathKey()),
    }),
  );
  const stillOpen = target !== null && transitions.some((t) => t.to === target.to);
  return (
    <>
      {transitions.length ? (
        <div className="row" role="group" aria-label={`Change status of ${code}`} ref={group}>
          {transitions.map((t) => (
            <button key={t.to} type="button" className="btn btn-sm" onClick={() => (change.reset(), setTarget(t))}>
              {VERB[t.to]}
            </button>
          ))}
        </div>
      ) : (
        <span className="muted small" ref={final} tabIndex={-1}>
          Final status
        </span>
      )}
      {/* Rendered even once the status is final, so a refusal can still be read in it. */}
      <Dialog open={target !== null} onClose={() => setTarget(null)} labelledBy={`status-title-${code}`}>
        {target && (
          <>
            <div className="dialog-body">
              <h2 id={`status-title-${code}`}>
                {VERB[target.to]} {code}?
              </h2>
              <p className="row">
                <Badge value={status} /> <span aria-hidden="true">→</span> <Badge value={target.to} />
              </p>
              <p>{target.effect}</p>
              {target.to === "Complete" && <p data-testid="complete-staged">{completeWarning(staged)}</p>}
              {change.error && <ErrorAlert error={change.error} hints={HINTS} />}
            </div>
            <div className="dialog-footer">
              <button type="button" className="btn" onClick={() => setTarget(null)} autoFocus>
                {change.error ? "Close" : "Cancel"}
              </button>
              <button
                type="button"
                className={`btn ${target.to === "Complete" ? "btn-danger" : "btn-primary"}`}
                disabled={change.isPending || !stillOpen}
                onClick={() => change.mutate({ code, status: target.to })}
              >
                {change.isPending ? "Saving…" : `${VERB[target.to]} supplier`}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
