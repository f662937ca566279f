"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatCount, formatDateTime } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import type { ImportJobView } from "@/server/services/import-jobs/get-import-job";
import { JobProgress, JobStatus } from "./job-progress";
import { JobTriage } from "./job-triage";

/** One import job: live progress, the operator's controls, and its failures to triage. */
export function JobView({ id, canEdit }: { id: number; canEdit: boolean }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.importJob.get.queryOptions({ id }),
    refetchInterval: (query) =>
      query.state.data?.status === "running" || query.state.data?.status === "receiving" ? 1500 : false,
  });
  return (
    <QueryState query={q} live>
      {(job) => (
        <div className="stack">
          <Card
            id="job-title"
            title={`Job ${job.id}: ${job.fileName}`}
            description={describeJob(job)}
            action={<JobStatus job={job} />}
          >
            <div className="stack">
              {job.waitingFor && (
                <div className="alert alert-warn" role="status">
                  {job.supplierCode} is {job.supplierStatus}: this job stopped taking new rows and carries on by itself
                  once the supplier is Ongoing again.
                </div>
              )}
              {job.endReason === "supplier_complete" && (
                <div className="alert alert-warn" role="status">
                  {job.supplierCode} was marked Complete, so this job was cancelled: no more accounts can be imported
                  for it. Accounts already imported stay imported.
                </div>
              )}
              <JobProgress job={job} label="Job progress" />
              <p className="muted small" data-testid="job-counts">
                {formatCount(job.counts.pending)} waiting ·{" "}
                {job.dryRun
                  ? `${formatCount(job.counts.valid)} valid (dry run)`
                  : `${formatCount(job.counts.imported)} imported`}{" "}
                · {formatCount(job.counts.failed)} failed
              </p>
              {job.prunedImported > 0 && (
                <p className="muted small">
                  The uploaded records of {formatCount(job.prunedImported)} imported rows are no longer kept
                  (retention); their accounts and import records are.
                </p>
              )}
              {canEdit && <JobControls job={job} />}
            </div>
          </Card>
          <JobTriage job={job} canEdit={canEdit} />
        </div>
      )}
    </QueryState>
  );
}

function describeJob(job: ImportJobView) {
  const what = job.dryRun
    ? "Dry run (validates every row, stages nothing)"
    : `Import${job.sendRegistration ? " with registration flows" : ""}`;
  return (
    <>
      {what} for <Link href={`/suppliers/${encodeURIComponent(job.supplierCode)}/imports`}>{job.supplierCode}</Link>,
      uploaded by {job.createdBy} on {formatDateTime(job.createdAt)}
      {job.finishedAt ? `, finished ${formatDateTime(job.finishedAt)}` : ""}.
    </>
  );
}

function JobControls({ job }: { job: ImportJobView }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const refresh = () =>
    refreshAfterChange(qc, trpc.importJob.get.queryKey({ id: job.id }), trpc.importJob.list.queryKey());
  const opts = {
    onSuccess: async () => (setError(null), await refresh()),
    onError: async (e: unknown) => (setError(e), await refresh()),
  };
  const pause = useMutation(trpc.importJob.pause.mutationOptions(opts));
  const resume = useMutation(trpc.importJob.resume.mutationOptions(opts));
  const cancel = useMutation(trpc.importJob.cancel.mutationOptions(opts));
  const importValid = useMutation(trpc.importJob.importValidated.mutationOptions(opts));
  const router = useRouter();
  const remove = useMutation(
    trpc.importJob.delete.mutationOptions({
      onSuccess: async () => (
        await qc.invalidateQueries({ queryKey: trpc.importJob.list.queryKey() }), router.push("/import-jobs")
      ),
      onError: (e: unknown) => setError(e),
    }),
  );
  const busy = pause.isPending || resume.isPending || cancel.isPending || importValid.isPending || remove.isPending;
  const finished = job.status === "completed" || job.status === "cancelled" || job.status === "failed";
  return (
    <div className="stack">
      <div className="row">
        {job.status === "running" && (
          <button type="button" className="btn" disabled={busy} onClick={() => pause.mutate({ id: job.id })}>
            Pause job
          </button>
        )}
        {job.status === "paused" && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => resume.mutate({ id: job.id })}
          >
            Resume job
          </button>
        )}
        {(job.status === "running" || job.status === "paused") && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() =>
              window.confirm(
                `Cancel job ${job.id}? Accounts already imported stay imported; the ${job.counts.pending} rows not yet handled never will be.`,
              ) && cancel.mutate({ id: job.id })
            }
          >
            Cancel job
          </button>
        )}
        {finished && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() =>
              window.confirm(
                `Delete job ${job.id} and the rows it kept (what was uploaded, and the failures to triage)? Accounts it imported stay imported.`,
              ) && remove.mutate({ id: job.id })
            }
          >
            Delete job
          </button>
        )}
        {job.dryRun && job.status === "completed" && job.counts.valid > 0 && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => importValid.mutate({ id: job.id })}
          >
            Import the {formatCount(job.counts.valid)} valid accounts
          </button>
        )}
      </div>
      {error !== null && <ErrorAlert error={error} />}
    </div>
  );
}
