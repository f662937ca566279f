"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/components/trpc/react";
import { Card } from "@/app/components/ui/card";
import { formatDateTime, LONDON_TIME } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { Table } from "@/app/components/ui/table";
import { JobProgress, JobStatus } from "./job-progress";

/** The newest import jobs (of one supplier, or the organisation), live while any runs. */
export function JobsList({ code }: { code?: string }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.importJob.list.queryOptions({ importSupplier: code }),
    refetchInterval: (query) =>
      query.state.data?.some((j) => j.status === "running" || j.status === "receiving") ? 2000 : 10_000,
  });
  return (
    <Card
      id="jobs-title"
      title="Import jobs"
      description="Each uploaded file is a job the server runs; it carries on when this page is closed."
      flush
    >
      <QueryState
        query={q}
        inCard
        live
        isEmpty={q.data?.length === 0}
        empty={<div className="card-body muted">No import jobs yet.</div>}
      >
        {(jobs) => (
          <Table
            label="Import jobs"
            columns={[
              "Job",
              ...(code ? [] : ["Supplier"]),
              "File",
              "Status",
              { label: "Progress", style: { minWidth: 320 } },
              `Started ${LONDON_TIME}`,
            ]}
            testId="jobs-table"
          >
            {jobs.map((j) => (
              <tr key={j.id}>
                <td>
                  <Link href={`/import-jobs/${j.id}`}>Job {j.id}</Link>
                </td>
                {!code && <td className="mono">{j.supplierCode}</td>}
                <td>
                  {j.fileName}
                  {j.dryRun && <span className="muted small"> (dry run)</span>}
                </td>
                <td>
                  <JobStatus job={j} />
                </td>
                <td>
                  <JobProgress job={j} label={`Job ${j.id} progress`} />
                </td>
                <td className="nowrap">{formatDateTime(j.createdAt)}</td>
              </tr>
            ))}
          </Table>
        )}
      </QueryState>
    </Card>
  );
}
