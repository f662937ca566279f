"use client";

import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { ErrorAlert } from "@/app/components/ui/error-alert";

/**
 * An operator's upload of the organisation's smart-meter inventory (CSV with a header row, or a
 * JSON array; the format `npm run cli -- smart-devices load` takes), as the smart-metering data
 * service sends it. All lines or none are kept; loading a file again changes nothing.
 */
export function SmartDeviceUpload() {
  const trpc = useTRPC();
  const id = useId();
  const upload = useMutation(trpc.smartDevices.upload.mutationOptions());
  return (
    <section className="card" style={{ marginTop: 16 }} data-testid="smart-device-upload">
      <h2>Smart-meter inventory</h2>
      <div className="field">
        <label htmlFor={id} className="small">
          Upload the inventory (CSV or JSON)
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
            upload.mutate({ fileName: file.name, format, content });
            e.target.value = "";
          }}
        />
        <span className="hint" id={`${id}-hint`}>
          Columns device_id (the meters&apos; smart_device_id), device_type (ESME or GSME, optional), manufacturer,
          model, firmware_version. Home-energy apps read them through GraphQL.
        </span>
      </div>
      {upload.isPending && <div className="muted small">Loading…</div>}
      {upload.data && (
        <div className="alert alert-ok small" role="status">
          Loaded {upload.data.devices.toLocaleString("en-GB")} devices: {upload.data.added.toLocaleString("en-GB")} new,{" "}
          {upload.data.changed.toLocaleString("en-GB")} changed, {upload.data.onMeters.toLocaleString("en-GB")} on
          imported meters.
        </div>
      )}
      {upload.error && <ErrorAlert error={upload.error} fields={[]} testId="smart-device-upload-error" />}
    </section>
  );
}
