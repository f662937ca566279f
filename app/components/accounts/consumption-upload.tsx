"use client";

import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { ErrorAlert } from "@/app/components/ui/error-alert";

/**
 * An operator's upload of half-hourly reads for one meter point (CSV with a header row, or a
 * JSON array; the format `npm run cli -- consumption load` takes). All rows or none are kept.
 */
export function ConsumptionUpload({ accountNumber, mpxn }: { accountNumber: string; mpxn: string }) {
  const trpc = useTRPC();
  const id = useId();
  const upload = useMutation(trpc.consumption.upload.mutationOptions());
  return (
    <div className="field" style={{ marginTop: 8 }} data-testid="consumption-upload">
      <label htmlFor={id} className="small">
        Upload half-hourly reads (CSV or JSON)
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        disabled={upload.isPending}
        aria-describedby={`${id}-hint`}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const content = await file.text();
          const format = /\.json$/i.test(file.name) || content.trimStart().startsWith("[") ? "json" : "csv";
          upload.mutate({ accountNumber, mpxn, fileName: file.name, format, content });
          e.target.value = "";
        }}
      />
      <span className="hint" id={`${id}-hint`}>
        Columns mpxn, serial_number, interval_start, consumption (interval_end optional); loading a file again changes
        nothing.
      </span>
      {upload.isPending && <div className="muted small">Loading…</div>}
      {upload.data && (
        <div className="alert alert-ok small" role="status">
          Loaded {upload.data.rows.toLocaleString("en-GB")} interval reads (
          {upload.data.changed.toLocaleString("en-GB")} new or changed)
          {upload.data.meters
            .map(
              (m) =>
                ` · meter ${m.serial_number}: ${m.first_interval?.slice(0, 10) ?? "—"} to ${m.last_interval?.slice(0, 10) ?? "—"}`,
            )
            .join("")}
        </div>
      )}
      {upload.error && <ErrorAlert error={upload.error} fields={[]} testId="consumption-upload-error" />}
    </div>
  );
}
