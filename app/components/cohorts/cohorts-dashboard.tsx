"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Card } from "@/app/components/ui/card";
import { formatCount, formatDay } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { STATUS_LABEL } from "../ui/cohort-format";

type Point = { day: string; imported: number; reconciled: number; cutOver: number };
const LINES = [
  { key: "imported", label: "Imported", colour: "var(--brand, #2563eb)" },
  { key: "reconciled", label: "Reconciled", colour: "var(--ok, #15803d)" },
  { key: "cutOver", label: "Meter points cut over", colour: "var(--warn, #b45309)" },
] as const;

/** Progress of one cohort over the days, cumulative, drawn by hand in SVG as the dashboard's other charts are (ADR 0406). */
function ProgressChart({ name, series, size }: { name: string; series: Point[]; size: number }) {
  const w = 260,
    h = 80;
  const top = Math.max(1, size, ...series.map((p) => Math.max(p.imported, p.reconciled, p.cutOver)));
  const x = (i: number) => (series.length <= 1 ? 0 : (i / (series.length - 1)) * w);
  const y = (v: number) => h - (v / top) * h;
  const last = series[series.length - 1];
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        width="100%"
        height={h}
        role="img"
        aria-label={`${name}: progress over ${series.length} days; now ${last ? `${last.imported} imported, ${last.reconciled} reconciled, ${last.cutOver} meter points cut over` : "nothing yet"}`}
      >
        {LINES.map((l) => (
          <polyline
            key={l.key}
            fill="none"
            stroke={l.colour}
            strokeWidth={2}
            points={series.map((p, i) => `${x(i)},${y(p[l.key])}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption className="muted small">{LINES.map((l) => l.label).join(" · ")} (colours in that order)</figcaption>
    </figure>
  );
}

/** The cohorts side by side on the migration dashboard: size, imported, reconciled, mismatches, cut over, planned dates, progress. */
export function CohortsDashboard() {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.cohort.dashboard.queryOptions({ days: 30 }), refetchInterval: 5000 });
  return (
    <Card
      id="cohorts-dashboard-title"
      title="Cohorts"
      description="Each cohort's size, how far it has come, and its progress over the last 30 days."
    >
      <QueryState
        query={q}
        isEmpty={q.data?.cohorts.length === 0}
        empty={<EmptyState title="No cohorts yet">Create cohorts on a supplier's Cohorts page.</EmptyState>}
      >
        {(d) => (
          <div className="grid-2" data-testid="cohorts-dashboard">
            {d.cohorts.map((c) => (
              <section key={c.id} className="card" aria-labelledby={`cohort-${c.id}-title`}>
                <div className="card-header">
                  <h3 id={`cohort-${c.id}-title`}>
                    <Link href={`/cohorts/${c.id}`}>{c.name}</Link>{" "}
                    <span className="muted small mono">{c.supplierCode}</span>
                  </h3>
                  <Badge value={c.status} label={STATUS_LABEL[c.status]} />
                </div>
                <div className="card-body stack">
                  <dl className="facts">
                    <dt>Size</dt>
                    <dd>{formatCount(c.members)}</dd>
                    <dt>Imported</dt>
                    <dd>{formatCount(c.imported)}</dd>
                    <dt>Reconciled (last run)</dt>
                    <dd>{formatCount(c.series[c.series.length - 1]?.reconciled ?? 0)}</dd>
                    <dt>Open mismatches (last run)</dt>
                    <dd>
                      {c.openMismatches === null ? "—" : formatCount(c.openMismatches)}
                      {c.mismatches !== null && c.mismatches !== c.openMismatches && (
                        <span className="muted"> of {formatCount(c.mismatches)} found</span>
                      )}
                    </dd>
                    <dt>Cut over</dt>
                    <dd>
                      {formatCount(c.cutover.requested)} of {formatCount(c.cutover.meterPoints)} meter points (
                      {formatCount(c.cutover.registered)} registered)
                    </dd>
                    <dt>Planned cut-over</dt>
                    <dd>{c.plannedCutoverDate ? formatDay(c.plannedCutoverDate) : "not set"}</dd>
                  </dl>
                  <ProgressChart name={c.name} series={c.series} size={c.members} />
                </div>
              </section>
            ))}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
