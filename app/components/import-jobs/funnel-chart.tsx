import { formatCount } from "@/app/components/ui/format";
import type { Funnel } from "@/server/services/import-jobs/migration-dashboard";

const STEPS: { key: keyof Funnel; label: string; failed?: keyof Funnel; failedLabel?: string }[] = [
  { key: "received", label: "Received" },
  { key: "staged", label: "Staged", failed: "failedStaging", failedLabel: "refused before staging" },
  { key: "imported", label: "Imported", failed: "failedImport", failedLabel: "import failed" },
  {
    key: "registrationSent",
    label: "Registration sent",
    failed: "failedRegistration",
    failedLabel: "registration failed",
  },
  { key: "registered", label: "Registered" },
];

/** The funnel as horizontal bars in plain SVG: each step's count, and what failed at it in red beside it. */
export function FunnelChart({ funnel, title, id }: { funnel: Funnel; title: string; id: string }) {
  const W = 640;
  const row = 34;
  const labelW = 140;
  const H = STEPS.length * row + 8;
  const max = Math.max(1, ...STEPS.map((s) => funnel[s.key] + (s.failed ? funnel[s.failed] : 0)));
  const scale = (n: number) => ((W - labelW - 150) * n) / max;
  const summary = STEPS.map(
    (s) =>
      `${s.label} ${formatCount(funnel[s.key])}${s.failed && funnel[s.failed] ? ` (${formatCount(funnel[s.failed])} ${s.failedLabel})` : ""}`,
  ).join(", ");
  return (
    <figure className="chart" style={{ margin: 0 }}>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby, the figure's own summary text */}
      <svg
        className="funnel-chart"
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-summary`}
        data-testid={id}
      >
        {STEPS.map((s, i) => {
          const y = 4 + i * row;
          const w = scale(funnel[s.key]);
          const f = s.failed ? funnel[s.failed] : 0;
          return (
            <g key={s.key}>
              <text x={0} y={y + 20} fill="#3b4157">
                {s.label}
              </text>
              <rect x={labelW} y={y + 6} width={Math.max(w, 1)} height={20} rx={3} fill="#0f9d63" />
              {f > 0 && (
                <rect x={labelW + w + 2} y={y + 6} width={Math.max(scale(f), 2)} height={20} rx={3} fill="#e0455a" />
              )}
              <text x={labelW + w + (f ? scale(f) + 8 : 6)} y={y + 20} fill="#3b4157">
                {formatCount(funnel[s.key])}
                {f > 0 ? ` · ${formatCount(f)} failed` : ""}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="small" style={{ marginTop: 8 }}>
        <span className="legend">
          <span style={{ ["--swatch" as string]: "#0f9d63" }}>Reached the step</span>
          <span style={{ ["--swatch" as string]: "#e0455a" }}>Failed at the step</span>
        </span>
        <span id={`${id}-summary`} className="muted">
          {title}: {summary}.
        </span>
      </figcaption>
    </figure>
  );
}
