"use client";

import { useQueryClient } from "@tanstack/react-query";
import { fetchWithRequestId } from "@/app/components/trpc/request-id-fetch";
import { RequestId } from "@/app/components/ui/request-id";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { csvTemplate } from "@/server/services/accounts/account-csv-columns";
import { Card } from "@/app/components/ui/card";
import { ValueRules } from "./value-rules";

/** The upload route's error body: `{detail, code, errors}`. */
type UploadError = { detail?: string; code?: string; errors?: { attr: string | null; detail: string }[] };

export function formatOf(name: string): "jsonl" | "csv" {
  return /\.csv$/i.test(name) ? "csv" : "jsonl";
}

/**
 * Upload a whole cohort as a server-side job (ADR 0404): the browser sends the file as it is
 * read from disk and the server stages and imports it; the page can be closed once it is sent.
 */
export function JobUpload({
  code,
  disabledReason,
  cohortId,
}: {
  code: string;
  disabledReason?: string;
  cohortId?: number;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [dryRun, setDryRun] = useState(false);
  const [registration, setRegistration] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState<string | null>(null);

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError("Choose a file first.");
      return;
    }
    setBusy(true);
    setError(null);
    setRequestId(null);
    const q = new URLSearchParams({
      supplier: code,
      name: file.name,
      format: formatOf(file.name),
      dryRun: dryRun ? "1" : "0",
      registration: registration ? "1" : "0",
      ...(cohortId ? { cohort: String(cohortId) } : {}),
    });
    try {
      const res = await fetchWithRequestId(`/import-jobs/upload?${q}`, {
        method: "POST",
        body: file,
        headers: { "content-type": "application/octet-stream" },
      });
      const body = (await res.json().catch(() => ({}))) as UploadError & { id?: number };
      if (!res.ok || !body.id) {
        setRequestId(res.headers.get("x-request-id"));
        const fields = body.errors?.map((x) => x.detail).join(" ") ?? "";
        setError(
          `${body.detail ?? `The upload failed (HTTP ${res.status}).`}${fields && fields !== body.detail ? ` ${fields}` : ""}`,
        );
        return;
      }
      await refreshAfterChange(qc, trpc.importJob.list.queryKey());
      router.push(`/import-jobs/${body.id}`);
    } catch (err) {
      setRequestId((err as { requestId?: string }).requestId ?? null);
      setError("The upload broke off (connection lost). Nothing from it is imported; upload the file again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      id="job-upload-title"
      title="Upload accounts"
      description={`JSON Lines (one EnergyAccount per line) or CSV with the documented columns, up to 500,000 accounts. The server stages and imports them; you can close the page.${cohortId ? " Each account joins this cohort." : ""}`}
      action={
        <a
          className="btn btn-sm"
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate())}`}
          download="accounts-template.csv"
        >
          CSV template
        </a>
      }
    >
      {disabledReason && <div className="alert alert-info">{disabledReason}</div>}
      <form onSubmit={upload} className="stack">
        <div className="field">
          <label htmlFor="job-file">Accounts file</label>
          <input
            id="job-file"
            ref={input}
            type="file"
            accept=".jsonl,.ndjson,.json,.csv"
            disabled={busy || Boolean(disabledReason)}
          />
        </div>
        <div className="row">
          <label className="row small">
            <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} disabled={busy} />
            Dry run: validate every row first, stage nothing
          </label>
          <label className="row small">
            <input
              type="checkbox"
              checked={registration}
              onChange={(e) => setRegistration(e.target.checked)}
              disabled={busy}
            />
            Send registration flows after each import
          </label>
        </div>
        <ValueRules />
        {error && (
          <div className="alert alert-error" role="alert">
            <div>
              {error}
              <RequestId id={requestId} />
            </div>
          </div>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || Boolean(disabledReason)}>
            {busy ? "Uploading…" : dryRun ? "Upload and validate" : "Upload and import"}
          </button>
        </div>
      </form>
    </Card>
  );
}
