"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Card } from "@/app/components/ui/card";
import { QueryState } from "@/app/components/ui/query-state";
import { ActivityChart } from "./activity-chart";
import { ImportPanel } from "./import-panel";
import { ImportsTable } from "./imports-table";
import { UploadPanel } from "./upload-panel";

export function ImportsView({ code, canEdit }: { code: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const supplier = useQuery(trpc.supplier.get.queryOptions({ code }));
  const activity = useQuery(trpc.accountImport.activity.queryOptions({ importSupplier: code, days: 30 }));
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <QueryState query={supplier}>
      {(s) => {
        const notOngoing = s.status !== "Ongoing" ? `${s.code} is ${s.status}: staging and importing are refused until an operator resumes it.` : undefined;
        return (
          <div className="stack">
            <div className="row">
              <Badge value={s.status} />
              <span className="muted">
                {s.counts.staged} staged · {s.counts.imported} imported · {s.counts.failed} failed
              </span>
            </div>
            <Card id="chart-title" title="Imports over time" description="Accounts staged, imported and failed per day (London time).">
              <QueryState query={activity}>{(days) => <ActivityChart days={days} />}</QueryState>
            </Card>
            {canEdit && (
              <div className="grid-2">
                <UploadPanel code={code} disabledReason={notOngoing} />
                <ImportPanel code={code} selected={selected} stagedCount={s.counts.staged} onDone={() => setSelected([])} disabledReason={notOngoing} />
              </div>
            )}
            <ImportsTable code={code} selectable={canEdit} selected={selected} onSelect={setSelected} />
          </div>
        );
      }}
    </QueryState>
  );
}
