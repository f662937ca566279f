"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatCount } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";

/** Cut-over: start it once signed off, then its progress, the registration outcomes and what was refused. */
export function CohortCutover({ cohort, canEdit }: { cohort: { id: number; status: string }; canEdit: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery({
    ...trpc.cohort.cutover.queryOptions({ id: cohort.id }),
    refetchInterval: (x) =>
      x.state.data?.status === "cutting_over" || (x.state.data?.counts.waiting ?? 0) > 0 ? 1500 : false,
  });
  const refresh = () => refreshAfterChange(qc, trpc.cohort.pathKey());
  const start = useMutation(trpc.cohort.startCutover.mutationOptions({ onSuccess: refresh }));
  const retry = useMutation(trpc.cohort.retryCutover.mutationOptions({ onSuccess: refresh }));
  return (
    <Card
      id="cutover-title"
      title="Cut-over"
      description="Sends the registration flows of every meter point of the cohort, once each, as a server-side job."
    >
      <QueryState query={q} live>
        {(c) => (
          <div className="stack">
            {c.waitingForSupplier && (
              <div className="alert alert-warn" role="status">
                The supplier is Paused: the cut-over waits and carries on by itself once it is Ongoing again.
              </div>
            )}
            {c.counts.total > 0 && (
              <>
                <progress
                  max={c.counts.total}
                  value={c.counts.total - c.counts.pending}
                  aria-label="Cut-over progress"
                  style={{ width: "100%" }}
                />
                <p className="small" data-testid="cutover-counts">
                  {formatCount(c.counts.total)} meter points · {formatCount(c.counts.pending)} waiting ·{" "}
                  {formatCount(c.counts.requested)} sent for registration ({formatCount(c.counts.registered)}{" "}
                  registered, {formatCount(c.counts.waiting)} with the gateway, {formatCount(c.counts.failed)} failed) ·{" "}
                  {formatCount(c.counts.refused)} refused
                </p>
              </>
            )}
            {canEdit && cohort.status === "reconciled" && (
              <div>
                <button
                  className="btn btn-primary"
                  type="button"
                  onClick={() => start.mutate({ id: cohort.id })}
                  disabled={start.isPending}
                >
                  Start cut-over
                </button>
              </div>
            )}
            {canEdit && c.counts.refused > 0 && (
              <div>
                <button
                  className="btn"
                  type="button"
                  onClick={() => retry.mutate({ id: cohort.id })}
                  disabled={retry.isPending}
                >
                  Retry refused meter points
                </button>
              </div>
            )}
            {start.error && <ErrorAlert error={start.error} />}
            {retry.error && <ErrorAlert error={retry.error} />}
            {c.problems.length > 0 && (
              <div className="table-wrap" tabIndex={0} role="region" aria-label="Cut-over failures">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">MPAN / MPRN</th>
                      <th scope="col">Account</th>
                      <th scope="col">Stage</th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.problems.map((p) => (
                      <tr key={p.mpxn}>
                        <td className="mono">{p.mpxn}</td>
                        <td>
                          <Link href={`/accounts/${p.accountNumber}`}>{p.accountNumber}</Link>
                        </td>
                        <td>{p.stage}</td>
                        <td>{p.detail}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
