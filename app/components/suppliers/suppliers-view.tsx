"use client";

import { useQuery } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { DataTable } from "@/app/components/ui/data-table";
import { countOf, formatCount } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import type { AppRouter } from "@/server/api/root";
import type { inferRouterOutputs } from "@trpc/server";
import { SUPPLIER_STATUSES, type SupplierListParams, selectSuppliers } from "./list-params";
import { StatusControl } from "./status-control";
import { useUrlState } from "@/app/components/ui/url-filters";

type Supplier = inferRouterOutputs<AppRouter>["supplier"]["list"][number];

export function SuppliersView({ canEdit, params }: { canEdit: boolean; params: SupplierListParams }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.supplier.list.queryOptions({}));
  const { draft, setDraft, apply, applyNow, form } = useUrlState<SupplierListParams>(params);
  const sorting: SortingState = [{ id: params.sort ?? "code", desc: params.dir === "desc" }];
  // The default order (code, A to Z) stays out of the URL.
  const onSortingChange = (next: SortingState) => {
    const s = next[0];
    const isDefault = !s || (s.id === "code" && !s.desc);
    applyNow({ sort: isDefault ? undefined : s.id, dir: isDefault ? undefined : s.desc ? "desc" : "asc" });
  };
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
      {
        id: "staged",
        accessorFn: (s) => s.counts.staged,
        header: "Staged",
        meta: { className: "num" },
        cell: ({ getValue }) => formatCount(getValue<number>()),
      },
      {
        id: "imported",
        accessorFn: (s) => s.counts.imported,
        header: "Imported",
        meta: { className: "num" },
        cell: ({ getValue }) => formatCount(getValue<number>()),
      },
      {
        id: "failed",
        accessorFn: (s) => s.counts.failed,
        header: "Failed",
        meta: { className: "num" },
        cell: ({ getValue }) =>
          getValue<number>() ? (
            <span style={{ color: "var(--danger)", fontWeight: 600 }}>{formatCount(getValue<number>())}</span>
          ) : (
            "0"
          ),
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
            {canEdit && (
              <StatusControl
                code={row.original.code}
                status={row.original.status}
                staged={row.original.counts.staged}
                transitions={row.original.transitions}
              />
            )}
          </div>
        ),
      },
    ],
    [canEdit],
  );
  return (
    <QueryState query={q}>
      {(data) => {
        const rows = selectSuppliers(data, params);
        const filtered = Boolean(params.q || params.status);
        const total = data.reduce(
          (a, s) => ({
            staged: a.staged + s.counts.staged,
            imported: a.imported + s.counts.imported,
            failed: a.failed + s.counts.failed,
          }),
          { staged: 0, imported: 0, failed: 0 },
        );
        return (
          <>
            <div className="stats">
              <Stat label="Suppliers" value={data.length} />
              <Stat label="Staged" value={total.staged} />
              <Stat label="Imported" value={total.imported} />
              <Stat label="Failed" value={total.failed} />
            </div>
            <section className="card">
              <form ref={form} className="filters" onSubmit={apply} aria-label="Filter suppliers">
                <div className="field">
                  <label htmlFor="supplier-filter">Search</label>
                  <input
                    id="supplier-filter"
                    type="search"
                    placeholder="Code or name"
                    value={draft.q ?? ""}
                    onChange={(e) => setDraft({ ...draft, q: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="supplier-status">Status</label>
                  <select
                    id="supplier-status"
                    value={draft.status ?? ""}
                    onChange={(e) => applyNow({ status: e.target.value || undefined })}
                  >
                    <option value="">All statuses</option>
                    {SUPPLIER_STATUSES.map((st) => (
                      <option key={st}>{st}</option>
                    ))}
                  </select>
                </div>
                <button className="btn" type="submit">
                  Search
                </button>
                {filtered && (
                  <span className="muted small" role="status">
                    Showing {formatCount(rows.length)} of {countOf(data.length, "supplier")}
                  </span>
                )}
              </form>
              {data.length === 0 ? (
                <EmptyState
                  title="No import suppliers yet"
                  icon="⌂"
                  action={
                    canEdit ? (
                      <Link className="btn btn-primary" href="/suppliers/new">
                        Create a supplier
                      </Link>
                    ) : undefined
                  }
                >
                  {canEdit
                    ? "Create the first import supplier to start staging accounts."
                    : "An operator creates import suppliers; ask one to set up the first."}
                </EmptyState>
              ) : rows.length === 0 ? (
                <EmptyState title="No supplier matches">Clear the search or pick another status.</EmptyState>
              ) : (
                <DataTable
                  label="Import suppliers"
                  data={rows}
                  columns={columns}
                  getRowId={(s) => s.code}
                  sorting={sorting}
                  onSortingChange={onSortingChange}
                />
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
