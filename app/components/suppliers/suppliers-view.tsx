"use client";

import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { DataTable } from "@/app/components/ui/data-table";
import { formatCount } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { StatusControl } from "./status-control";
import type { AppRouter } from "@/server/api/root";
import type { inferRouterOutputs } from "@trpc/server";

type Supplier = inferRouterOutputs<AppRouter>["supplier"]["list"][number];

export function SuppliersView({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.supplier.list.queryOptions({}));
  const [filter, setFilter] = useState("");
  const [status, setStatus] = useState("");
  const columns = useMemo<ColumnDef<Supplier>[]>(
    () => [
      {
        accessorKey: "code",
        header: "Supplier",
        cell: ({ row }) => (
          <div>
            <Link href={`/suppliers/${encodeURIComponent(row.original.code)}`}>
              <span className="code">{row.original.code}</span>
            </Link>
            {row.original.name !== row.original.code && <div className="muted small">{row.original.name}</div>}
          </div>
        ),
      },
      { accessorKey: "status", header: "Status", cell: ({ getValue }) => <Badge value={getValue<string>()} /> },
      { id: "staged", accessorFn: (s) => s.counts.staged, header: "Staged", meta: { className: "num" }, cell: ({ getValue }) => formatCount(getValue<number>()) },
      { id: "imported", accessorFn: (s) => s.counts.imported, header: "Imported", meta: { className: "num" }, cell: ({ getValue }) => formatCount(getValue<number>()) },
      {
        id: "failed",
        accessorFn: (s) => s.counts.failed,
        header: "Failed",
        meta: { className: "num" },
        cell: ({ getValue }) => (getValue<number>() ? <span style={{ color: "var(--danger)", fontWeight: 600 }}>{formatCount(getValue<number>())}</span> : "0"),
      },
      {
        id: "actions",
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <div className="row nowrap">
            <Link className="btn btn-sm" href={`/suppliers/${encodeURIComponent(row.original.code)}/imports`}>
              Imports
            </Link>
            {canEdit && <StatusControl code={row.original.code} status={row.original.status} transitions={row.original.transitions} />}
          </div>
        ),
      },
    ],
    [canEdit],
  );
  return (
    <QueryState query={q}>
      {(data) => {
        const rows = data.filter((s) => (!status || s.status === status) && (!filter || `${s.code} ${s.name}`.toLowerCase().includes(filter.toLowerCase())));
        const total = data.reduce((a, s) => ({ staged: a.staged + s.counts.staged, imported: a.imported + s.counts.imported, failed: a.failed + s.counts.failed }), { staged: 0, imported: 0, failed: 0 });
        return (
          <>
            <div className="stats">
              <Stat label="Suppliers" value={data.length} />
              <Stat label="Staged" value={total.staged} />
              <Stat label="Imported" value={total.imported} />
              <Stat label="Failed" value={total.failed} />
            </div>
            <section className="card">
              <div className="filters">
                <div className="field">
                  <label htmlFor="supplier-filter">Search</label>
                  <input id="supplier-filter" type="search" placeholder="Code or name" value={filter} onChange={(e) => setFilter(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor="supplier-status">Status</label>
                  <select id="supplier-status" value={status} onChange={(e) => setStatus(e.target.value)}>
                    <option value="">All statuses</option>
                    <option>Ongoing</option>
                    <option>Paused</option>
                    <option>Complete</option>
                  </select>
                </div>
              </div>
              {data.length === 0 ? (
                <EmptyState
                  title="No import suppliers yet"
                  icon="⌂"
                  action={canEdit ? <Link className="btn btn-primary" href="/suppliers/new">Create a supplier</Link> : undefined}
                >
                  {canEdit ? "Create the first import supplier to start staging accounts." : "An operator creates import suppliers; ask one to set up the first."}
                </EmptyState>
              ) : rows.length === 0 ? (
                <EmptyState title="No supplier matches">Clear the search or pick another status.</EmptyState>
              ) : (
                <DataTable label="Import suppliers" data={rows} columns={columns} getRowId={(s) => s.code} />
              )}
            </section>
          </>
        );
      }}
    </QueryState>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="stat">
      <div className="label">{label}</div>
      <div className="value">{formatCount(value)}</div>
    </div>
  );
}
