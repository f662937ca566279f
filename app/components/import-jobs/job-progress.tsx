import { Badge } from "@/app/components/ui/badge";
import { countOf, formatCount, formatSeconds } from "@/app/components/ui/format";
import type { ImportJobView } from "@/server/services/import-jobs/get-import-job";

const STATUS_TONE = {
  receiving: "info",
  running: "brand",
  paused: "warn",
  cancelled: "neutral",
  completed: "ok",
  failed: "danger",
} as const;

/** The job's state, and for a finished one its outcome: a job whose rows all failed is no green "Completed" (issue 39 item 9). */
export function JobStatus({
  job,
}: {
  job: Pick<ImportJobView, "status" | "waitingFor" | "counts" | "dryRun" | "uploadError">;
}) {
  if (job.status === "failed" && job.uploadError) return <Badge value="failed" tone="danger" label="Upload refused" />;
  if (job.waitingFor) return <Badge value="waiting" tone="warn" label="Waiting: supplier paused" />;
  if (job.status === "completed") {
    const good = job.dryRun ? job.counts.valid : job.counts.imported;
    const failed = job.counts.failed;
    if (failed > 0 && good === 0) return <Badge value="completed" tone="danger" label="Completed: all failed" />;
    if (failed > 0) return <Badge value="completed" tone="warn" label="Completed: some failed" />;
    return (
      <Badge value="completed" tone="ok" label={job.dryRun ? "Completed: all valid" : "Completed: all imported"} />
    );
  }
  return (
    <Badge
      value={job.status}
      tone={STATUS_TONE[job.status]}
      label={job.status[0].toUpperCase() + job.status.slice(1)}
    />
  );
}

/** Handled of total, as a bar with imported (or valid) and failed shown apart. */
export function JobProgress({ job, label }: { job: ImportJobView; label: string }) {
  const total = Math.max(job.totalRows, 1);
  const good = job.dryRun ? job.counts.valid : job.counts.imported;
  const pct = (n: number) => `${(n / total) * 100}%`;
  // A file refused at upload has no rows to show: its reason instead of "0 of 0 handled".
  if (job.status === "failed" && job.uploadError) {
    return (
      <p className="small break-anywhere" style={{ margin: 0 }} data-testid="upload-refused">
        Refused at upload{job.totalRows ? ` after ${countOf(job.totalRows, "row")}` : ""}: {job.uploadError}
      </p>
    );
  }
  return (
    <div>
      <div className="row small" style={{ justifyContent: "space-between", marginBottom: 6 }}>
        <span>
          {formatCount(job.handled)} of {formatCount(job.totalRows)} handled · {formatCount(good)}{" "}
          {job.dryRun ? "valid" : "imported"} · {formatCount(job.counts.failed)} failed
        </span>
        <span className="muted">
          {job.status === "running" && !job.waitingFor && job.rate > 0 ? `${job.rate}/s` : ""}
          {job.etaSeconds !== null ? ` · about ${formatSeconds(job.etaSeconds)} to go` : ""}
        </span>
      </div>
      <div
        className="progress job-progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={job.totalRows}
        aria-valuenow={job.handled}
        aria-valuetext={`${job.handled} of ${job.totalRows} handled`}
      >
        <div style={{ width: pct(good) }} />
        <div className="job-progress-failed" style={{ width: pct(job.counts.failed) }} />
      </div>
      <div className="legend" style={{ marginTop: 4 }}>
        <span style={{ ["--swatch" as string]: "var(--brand)" }}>{job.dryRun ? "Valid" : "Imported"}</span>
        <span style={{ ["--swatch" as string]: "#e0455a" }}>Failed</span>
        <span style={{ ["--swatch" as string]: "var(--neutral-soft)" }}>Not handled yet</span>
      </div>
    </div>
  );
}
