"use client";

import { useEffect, useRef, useState } from "react";
import { formatCount, formatDay } from "@/app/components/ui/format";
import { niceTicks } from "./chart-scale";
import { YGrid } from "./y-grid";

type Day = { day: string; staged: number; imported: number; failed: number };

const SERIES = [
  { key: "imported", label: "Imported", color: "#0f9d63" },
  { key: "staged", label: "Staged", color: "#7c5cff" },
  { key: "failed", label: "Failed", color: "#e0455a" },
] as const;

/** Room each date label needs along the axis ("28 Oct" at 11 px, with space around it). */
const LABEL_PX = 64;

/**
 * The width the chart is shown at, once measured (null before): it is drawn at that size, so
 * its text stays legible on a phone, and not before, so it never flashes scaled down.
 */
function useWidth() {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => el.clientWidth > 0 && setWidth(Math.round(el.clientWidth));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Grouped bars per London day in plain SVG, with a text summary for screen readers. */
export function ActivityChart({ days }: { days: Day[] }) {
  const [ref, measured] = useWidth();
  const W = measured ?? 720;
  const H = 180;
  const pad = { l: 36, r: 8, t: 10, b: 24 };
  const ticks = niceTicks(Math.max(...days.flatMap((d) => [d.staged, d.imported, d.failed])));
  const max = ticks[ticks.length - 1];
  const slot = (W - pad.l - pad.r) / days.length;
  const bar = Math.max(1, (slot - 4) / 3);
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  // As many date labels as fit without touching: six on a desktop, fewer on a phone.
  const every = Math.ceil(days.length / Math.max(2, Math.min(6, Math.floor((W - pad.l - pad.r) / LABEL_PX))));
  const totals = days.reduce(
    (a, d) => ({ staged: a.staged + d.staged, imported: a.imported + d.imported, failed: a.failed + d.failed }),
    { staged: 0, imported: 0, failed: 0 },
  );
  return (
    <figure className="chart" style={{ margin: 0 }} ref={ref}>
      {measured === null ? (
        <div style={{ height: H }} />
      ) : (
        // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-labelledby, the figure's own summary text
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby="chart-summary">
          <YGrid ticks={ticks} y={y} left={pad.l} right={W - pad.r} />
          {days.map((d, i) =>
            SERIES.map((s, j) => {
              const v = d[s.key];
              const x = pad.l + i * slot + 2 + j * bar;
              return v ? (
                <rect key={`${d.day}-${s.key}`} x={x} y={y(v)} width={bar} height={y(0) - y(v)} fill={s.color} rx={1}>
                  <title>{`${formatDay(d.day)}: ${v} ${s.label.toLowerCase()}`}</title>
                </rect>
              ) : null;
            }),
          )}
          {days.map((d, i) =>
            i % every === 0 ? (
              <text
                key={d.day}
                x={pad.l + i * slot + slot / 2}
                y={H - 6}
                textAnchor="middle"
                fontSize="11"
                fill="#5c6379"
              >
                {formatDay(d.day).replace(/ \d{4}$/, "")}
              </text>
            ) : null,
          )}
        </svg>
      )}
      <figcaption className="row" style={{ justifyContent: "space-between", marginTop: 8 }}>
        <span className="legend">
          {SERIES.map((s) => (
            <span key={s.key} style={{ ["--swatch" as string]: s.color }}>
              {s.label}
            </span>
          ))}
        </span>
        <span id="chart-summary" className="muted small">
          {formatCount(totals.staged)} staged, {formatCount(totals.imported)} imported, {formatCount(totals.failed)}{" "}
          failed in the last {days.length} days
        </span>
      </figcaption>
    </figure>
  );
}
