"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { ErrorState, Loading } from "@/app/components/ui/states";
import { ActivityChart } from "./activity-chart";
import { ImportPanel } from "./import-panel";
import { ImportsTable } from "./imports-table";
import { UploadPanel } from "./upload-panel";

export function ImportsView({ code, canEdit }: { code: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const supplier = useQuery(trpc.supplier.get.queryOptions({ code }));
  const activity = useQuery(trpc.accountImport.activity.queryOptions({ importSupplier: code, days: 30 }));
  const [selected, setSelected] = useState<string[]>([]);
  if (supplier.isPending) return <Loading />;
  if (supplier.error) return <ErrorState error={supplier.error} retry={() => void supplier.refetch()} />;
  const s = supplier.data;
  const notOngoing = s.status !== "Ongoing" ? `${s.code} is ${s.status}: staging and importing are refused until an operator resumes it.` : undefined;
  return (
    <div className="stack">
      <div className="row">
        <Badge value={s.status} />
        <span className="muted">
          {s.counts.staged} staged · {s.counts.imported} imported · {s.counts.failed} failed
        </span>
      </div>
      <section className="card" aria-labelledby="chart-title">
        <div className="card-header">
          <div>
            <h2 id="chart-title">Imports over time</h2>
            <p>Accounts staged, imported and failed per day (London time).</p>
          </div>
        </div>
        <div className="card-body">{activity.data ? <ActivityChart days={activity.data} /> : activity.error ? <ErrorState error={activity.error} /> : <Loading />}</div>
      </section>
      {canEdit && (
        <div className="grid-2">
          <UploadPanel code={code} disabledReason={notOngoing} />
          <ImportPanel code={code} selected={selected} stagedCount={s.counts.staged} onDone={() => setSelected([])} disabledReason={notOngoing} />
        </div>
      )}
      <ImportsTable code={code} selectable={canEdit} selected={selected} onSelect={setSelected} />
    </div>
  );
}
