const TONES: Record<string, string> = {
  Ongoing: "badge-ok",
  Paused: "badge-warn",
  Complete: "badge-info",
  staged: "badge-brand",
  imported: "badge-ok",
  failed: "badge-danger",
  published: "badge-ok",
  pending: "badge-warn",
  operator: "badge-brand",
  support: "badge-info",
  active: "badge-ok",
  invalidated: "badge-danger",
};

/** A status pill; tone by known value, or from the caller for statuses of other areas. */
export function Badge({
  value,
  tone,
  label,
}: {
  value: string;
  tone?: "ok" | "warn" | "danger" | "info" | "brand" | "neutral";
  label?: string;
}) {
  const cls = tone ? (tone === "neutral" ? "" : `badge-${tone}`) : (TONES[value] ?? "");
  return <span className={`badge ${cls}`}>{label ?? value}</span>;
}
