"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/components/trpc/react";
import { describeError } from "@/app/components/ui/errors";
import { refreshAfterChange } from "@/app/components/trpc/query-client";

/** Why the panel is switched off (the supplier is paused or complete). */
export function DisabledNotice({ reason }: { reason?: string }) {
  if (!reason) return null;
  return (
    <div className="alert alert-warn" role="status">
      {reason}
    </div>
  );
}

/** How a finished run went: a warning when anything failed or the run broke off. */
export function RunSummary({ title, warn, children }: { title: React.ReactNode; warn: boolean; children: React.ReactNode }) {
  return (
    <div className={`alert ${warn ? "alert-warn" : "alert-ok"}`} role="status" style={{ marginTop: 12 }}>
      <div>
        <strong>{title}</strong>
        {children}
      </div>
    </div>
  );
}

/** Why a run broke off, in words, for its summary. */
export function runFailure(err: unknown): string {
  const e = describeError(err);
  return `${e.detail} ${e.next}`;
}

/** After a run the accounts table and the supplier's counts are out of date. */
export function useRefreshImports() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return async () => {
    await refreshAfterChange(qc, trpc.accountImport.pathKey(), trpc.supplier.pathKey());
  };
}
