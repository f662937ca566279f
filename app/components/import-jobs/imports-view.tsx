"use client";

import { useQuery } from "@tanstack/react-query";
import { countOf, formatCount } from "@/app/components/ui/format";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Card } from "@/app/components/ui/card";
import { QueryState } from "@/app/components/ui/query-state";
import { ActivityChart } from "./activity-chart";
import { JobUpload } from "@/app/components/ui/job-upload";
import { JobsList } from "@/app/components/import-jobs/jobs-list";
import { CsvColumns } from "./csv-columns";
import { ImportsTable } from "./imports-table";
import type { ImportTableParams } from "./table-params";

/** Why staging and importing are switched off, in the words of the supplier's status; none while Ongoing. */
export function notOngoingReason(code: string, status: string): string | undefined {
  if (status === "Paused")
    return `${code} is Paused: staging and importing are refused until an operator resumes it on the supplier's page.`;
  if (status === "Complete")
    return `${code} is Complete: its migration is finished, so no more accounts can be staged or imported.`;
  return undefined;
}

/** `table` and `tableKey` come from the URL; only the table restarts when they change, not a running upload or import. */
export function ImportsView({
  code,
  canEdit,
  table,
  tableKey,
}: {
  code: string;
  canEdit: boolean;
  table: ImportTableParams;
  tableKey: string;
}) {
  const trpc = useTRPC();
  const supplier = useQuery(trpc.supplier.get.queryOptions({ code }));
  const activity = useQuery(trpc.accountImport.activity.queryOptions({ importSupplier: code, days: 30 }));
  return (
    <QueryState query={supplier}>
      {(s) => {
        const notOngoing = notOngoingReason(s.code, s.status);
        return (
          <div className="stack">
            <div className="row" data-testid="import-counts">
              <Badge value={s.status} />
              <span className="muted">
                Now: {countOf(s.counts.staged, "account")} staged and waiting to be imported ·{" "}
                {formatCount(s.counts.imported)} imported · {formatCount(s.counts.failed)} failed
              </span>
            </div>
            <Card
              id="chart-title"
              title="Imports over time"
              description="Accounts first staged, imported and failed per day (London time)."
            >
              <QueryState query={activity}>{(days) => <ActivityChart days={days} />}</QueryState>
            </Card>
            {canEdit && <JobUpload code={code} disabledReason={s.status === "Complete" ? notOngoing : undefined} />}
            {s.status === "Paused" && canEdit && (
              <div className="alert alert-info">
                {notOngoing} Jobs wait meanwhile and carry on by themselves once it is Ongoing.
              </div>
            )}
            <JobsList code={code} />
            {canEdit && <CsvColumns />}
            {!canEdit && notOngoing && <div className="alert alert-info">{notOngoing}</div>}
            <ImportsTable
              key={tableKey}
              code={code}
              params={table}
              selectable={false}
              selected={[]}
              onSelect={() => undefined}
            />
          </div>
        );
      }}
    </QueryState>
  );
}
