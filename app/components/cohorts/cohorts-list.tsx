"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { refreshAfterChange } from "@/app/components/trpc/query-client";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { Card } from "@/app/components/ui/card";
import { ErrorAlert } from "@/app/components/ui/error-alert";
import { formatCount, formatDay } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { STATUS_LABEL } from "../ui/cohort-format";

/** A supplier's cohorts (or the organisation's), with the operator's form to create one. */
export function CohortsList({ supplier, canEdit }: { supplier?: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.cohort.list.queryOptions({ importSupplier: supplier }));
  return (
    <div className="stack">
      {canEdit && supplier && <CreateCohort supplier={supplier} />}
      <Card
        id="cohorts-title"
        title="Cohorts"
        description="Each cohort is imported, reconciled against the source system's control file, signed off, then cut over."
        flush
      >
        <QueryState
          query={q}
          isEmpty={q.data?.items.length === 0}
          empty={
            <EmptyState title="No cohorts yet">
              {canEdit ? "Create one above." : "Operators create cohorts."}
            </EmptyState>
          }
        >
          {(d) => (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Cohorts, newest first">
              <table className="table" data-testid="cohorts-table">
                <thead>
                  <tr>
                    <th scope="col">Cohort</th>
                    {!supplier && <th scope="col">Supplier</th>}
                    <th scope="col">Status</th>
                    <th scope="col">Accounts</th>
                    <th scope="col">Imported</th>
                    <th scope="col">Mismatches</th>
                    <th scope="col">Meter points cut over</th>
                    <th scope="col">Planned cut-over</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <Link href={`/cohorts/${c.id}`}>{c.name}</Link>
                      </td>
                      {!supplier && <td className="mono">{c.supplierCode}</td>}
                      <td>
                        <Badge value={c.status} label={STATUS_LABEL[c.status]} />
                      </td>
                      <td>{formatCount(c.members)}</td>
                      <td>{formatCount(c.imported)}</td>
                      <td>{c.mismatches === null ? "—" : formatCount(c.mismatches)}</td>
                      <td>
                        {formatCount(c.cutover.requested)} / {formatCount(c.cutover.meterPoints)}
                      </td>
                      <td>{c.plannedCutoverDate ? formatDay(c.plannedCutoverDate) : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      </Card>
    </div>
  );
}

function CreateCohort({ supplier }: { supplier: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const [name, setName] = useState("");
  const [date, setDate] = useState("");
  const [notes, setNotes] = useState("");
  const create = useMutation(
    trpc.cohort.create.mutationOptions({
      onSuccess: async (c) => {
        await refreshAfterChange(qc, trpc.cohort.list.queryKey());
        router.push(`/cohorts/${c.id}`);
      },
    }),
  );
  return (
    <Card
      id="create-cohort-title"
      title="New cohort"
      description="A name, the planned cut-over date and notes; accounts join it from an import job, a list, or the data-import API."
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ importSupplier: supplier, name, plannedCutoverDate: date || null, notes: notes || null });
        }}
      >
        <div className="row">
          <div className="field">
            <label htmlFor="cohort-name">Name</label>
            <input
              id="cohort-name"
              type="text"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={100}
            />
          </div>
          <div className="field">
            <label htmlFor="cohort-date">Planned cut-over date</label>
            <input id="cohort-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="cohort-notes">Notes</label>
          <textarea
            id="cohort-notes"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={2}
            maxLength={4000}
          />
        </div>
        {create.error && <ErrorAlert error={create.error} />}
        <div>
          <button className="btn btn-primary" type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create cohort"}
          </button>
        </div>
      </form>
    </Card>
  );
}
