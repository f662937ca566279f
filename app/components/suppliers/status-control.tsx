"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Dialog } from "@/app/components/ui/dialog";
import { describeError } from "@/app/components/ui/errors";

type Transition = { to: "Ongoing" | "Paused" | "Complete"; effect: string };

const VERB: Record<Transition["to"], string> = { Ongoing: "Resume", Paused: "Pause", Complete: "Complete" };

/** Status change buttons with a confirmation that says what the change does. Operators only. */
export function StatusControl({ code, status, transitions }: { code: string; status: string; transitions: Transition[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [target, setTarget] = useState<Transition | null>(null);
  const change = useMutation(
    trpc.supplier.setStatus.mutationOptions({
      onSuccess: async () => {
        setTarget(null);
        await qc.invalidateQueries({ queryKey: trpc.supplier.pathKey() });
      },
    }),
  );
  if (!transitions.length) return <span className="muted small">Final status</span>;
  return (
    <>
      <div className="row" role="group" aria-label={`Change status of ${code}`}>
        {transitions.map((t) => (
          <button key={t.to} type="button" className={`btn btn-sm ${t.to === "Complete" ? "" : ""}`} onClick={() => (change.reset(), setTarget(t))}>
            {VERB[t.to]}
          </button>
        ))}
      </div>
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
              {change.error && (
                <div className="alert alert-error" role="alert">
                  {describeError(change.error).detail}
                </div>
              )}
            </div>
            <div className="dialog-footer">
              <button type="button" className="btn" onClick={() => setTarget(null)} autoFocus>
                Cancel
              </button>
              <button
                type="button"
                className={`btn ${target.to === "Complete" ? "btn-danger" : "btn-primary"}`}
                disabled={change.isPending}
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
