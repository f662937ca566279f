"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { formatCount, formatSeconds } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { FunnelChart } from "./funnel-chart";
import { ThroughputChart } from "./throughput-chart";

/** The migration at a glance, for one supplier or the organisation; refreshed every 3 s (ADR 0406). */
export function DashboardView({ supplier }: { supplier?: string }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.importJob.dashboard.queryOptions({ importSupplier: supplier }), refetchInterval: 3000 });
  return (
    <QueryState query={q} live>
      {(d) => (
        <div className="stack">
          <nav className="row" aria-label="Dashboard scope">
            <Link
              className={`btn btn-sm ${!supplier ? "btn-primary" : ""}`}
              href="/migration"
              aria-current={!supplier ? "page" : undefined}
            >
              Whole organisation
            </Link>
            {d.suppliers.length > 0 &&
              (supplier ? [] : d.suppliers).map((s) => (
                <Link
                  key={s.code}
                  className="btn btn-sm btn-fits"
                  title={s.code}
                  href={`/migration?supplier=${encodeURIComponent(s.code)}`}
                >
                  <span className="truncate">{s.code}</span>
                </Link>
              ))}
            {supplier && <span className="badge badge-brand">{supplier}</span>}
          </nav>
          <Card
            id="pace-title"
            title="Pace"
            description="Import jobs' rows handled over the last five minutes, and the time left for what they still hold at that pace."
          >
            <div className="dashboard-figures" data-testid="dashboard-pace">
              <div>
                <strong>{d.rate}/s</strong>
                <span className="muted small">accounts per second</span>
              </div>
              <div>
                <strong>{formatCount(d.remaining)}</strong>
                <span className="muted small">waiting in running jobs</span>
              </div>
              <div>
                <strong>
                  {d.etaSeconds !== null ? formatSeconds(d.etaSeconds) : d.remaining ? "—" : "nothing left"}
                </strong>
                <span className="muted small">estimated time to go</span>
              </div>
            </div>
          </Card>
          <Card
            id="funnel-title"
            title={supplier ? `Funnel for ${supplier}` : "Funnel for the organisation"}
            description="Received → staged → imported → registration sent → registered; what failed at each step in red."
          >
            <FunnelChart funnel={d.total} title={supplier ?? "Organisation"} id="funnel-total" />
          </Card>
          <Card id="throughput-title" title="Throughput" description="Accounts per minute, the last hour.">
            <ThroughputChart series={d.series} />
          </Card>
          {!supplier && d.suppliers.length > 1 && (
            <div className="grid-2">
              {d.suppliers.map((s) => (
                <Card
                  key={s.code}
                  id={`funnel-${s.code}-title`}
                  title={`${s.name} (${s.code})`}
                  description={`Status ${s.status}.`}
                >
                  <FunnelChart funnel={s.funnel} title={s.code} id={`funnel-${s.code}`} />
                </Card>
              ))}
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}
