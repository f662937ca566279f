import { niceTicks } from "@/app/components/import-jobs/chart-scale";
import { YGrid } from "@/app/components/import-jobs/y-grid";
import { formatCount, formatTime } from "@/app/components/ui/format";

type Minute = { minute: Date | string; imported: number; failed: number };

/** Accounts imported (green) and failed (red) per minute, stacked, in plain SVG. */
export function ThroughputChart({ series }: { series: Minute[] }) {
  const W = 720;
  const H = 180;
  const pad = { l: 44, r: 8, t: 10, b: 24 };
  const ticks = niceTicks(Math.max(1, ...series.map((m) => m.imported + m.failed)));
  const max = ticks[ticks.length - 1];
  const slot = (W - pad.l - pad.r) / Math.max(series.length, 1);
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const every = Math.ceil(series.length / 6);
  const imported = series.reduce((a, m) => a + m.imported, 0);
  const failed = series.reduce((a, m) => a + m.failed, 0);
  return (
    <figure className="chart" style={{ margin: 0 }}>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby, the figure's own summary text */}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby="throughput-summary"
        data-testid="throughput-chart"
      >
        <YGrid ticks={ticks} y={y} left={pad.l} right={W - pad.r} />
        {series.map((m, i) => {
          const x = pad.l + i * slot + 1;
          const w = Math.max(1, slot - 2);
          return (
            <g key={String(m.minute)}>
              {m.imported > 0 && (
                <rect x={x} y={y(m.imported)} width={w} height={y(0) - y(m.imported)} fill="#0f9d63" />
              )}
              {m.failed > 0 && (
                <rect
                  x={x}
                  y={y(m.imported + m.failed)}
                  width={w}
                  height={y(m.imported) - y(m.imported + m.failed)}
                  fill="#e0455a"
                />
              )}
              {i % every === 0 && (
                <text x={x + w / 2} y={H - 6} textAnchor="middle" fontSize="11" fill="#5d6478">
                  {formatTime(m.minute).slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="row" style={{ justifyContent: "space-between", marginTop: 8 }}>
        <span className="legend">
          <span style={{ ["--swatch" as string]: "#0f9d63" }}>Imported</span>
          <span style={{ ["--swatch" as string]: "#e0455a" }}>Failed</span>
        </span>
        <span id="throughput-summary" className="muted small">
          In the last {series.length} minutes: {formatCount(imported)} imported and {formatCount(failed)} failed in all,
          one bar a minute (London time)
        </span>
      </figcaption>
    </figure>
  );
}
