import { formatCount } from "@/app/components/ui/format";

/** A count chart's horizontal gridlines, each labelled at the left edge (SVG, inside the chart's <svg>). */
export function YGrid({
  ticks,
  y,
  left,
  right,
}: {
  ticks: number[];
  y: (v: number) => number;
  left: number;
  right: number;
}) {
  return ticks.map((t) => (
    <g key={t}>
      <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke="#e3e6ee" />
      <text x={left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#5c6379">
        {formatCount(t)}
      </text>
    </g>
  ));
}
