import { Badge } from "@/app/components/ui/badge";

const text = (v: unknown) =>
  v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v);

/** An audit entry's change in words: a status move, the fields an edit changed, or each recorded detail. */
export function AuditChange({ action, details }: { action: string; details: Record<string, unknown> }) {
  if (action === "supplier.status_changed") {
    return (
      <>
        Status <Badge value={text(details.from)} /> → <Badge value={text(details.to)} />
      </>
    );
  }
  if (action === "supplier.updated") {
    return (
      <>
        Changed{" "}
        {Object.entries(details).map(([field, change], i) => {
          const c = change as { from: unknown; to: unknown };
          return (
            <span key={field}>
              {i > 0 && ", "}
              <strong>{field}</strong> from <code>{text(c.from)}</code> to <code>{text(c.to)}</code>
            </span>
          );
        })}
      </>
    );
  }
  if (action === "import_job.uploaded") {
    return (
      <>
        {text(details.rows)} rows from <code>{text(details.fileName)}</code> for {text(details.supplier)}
        {details.dryRun ? " (dry run)" : ""}
      </>
    );
  }
  if (action === "supplier.created") return <>Created with status {text(details.status ?? "Ongoing")}</>;
  const entries = Object.entries(details);
  if (!entries.length) return <span className="muted">—</span>;
  return (
    <>
      {entries.map(([k, v], i) => (
        <span key={k}>
          {i > 0 && ", "}
          {k} <code>{text(v)}</code>
        </span>
      ))}
    </>
  );
}
