"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { DataTable } from "@/app/components/ui/data-table";
import { formatCount, formatDateTime } from "@/app/components/ui/format";
import { Card } from "@/app/components/ui/card";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import type { AppRouter } from "@/server/api/root";

type Row = inferRouterOutputs<AppRouter>["accountImport"]["list"]["items"][number];
type Status = "staged" | "imported" | "failed" | "";
type Sort = "external_account_number" | "created_at" | "updated_at";

const PAGE = 25;

/** Server-side filter, sort and keyset paging; the cursor stack gives "Previous". */
export function ImportsTable({ code, selectable, selected, onSelect }: { code: string; selectable: boolean; selected: string[]; onSelect: (s: string[]) => void }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status>("");
  const [search, setSearch] = useState("");
  const [sorting, setSorting] = useState<SortingState>([{ id: "created_at", desc: true }]);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const sort = (sorting[0]?.id ?? "created_at") as Sort;
  const input = {
    importSupplier: code,
    status: status || undefined,
    search: search.trim() || undefined,
    sort,
    direction: sorting[0]?.desc === false ? ("asc" as const) : ("desc" as const),
    cursor: cursors[cursors.length - 1],
    limit: PAGE,
  };
  const q = useQuery({ ...trpc.accountImport.list.queryOptions(input), placeholderData: keepPreviousData });
  const reset = () => setCursors([null]);
  const toggle = (ext: string) => onSelect(selected.includes(ext) ? selected.filter((s) => s !== ext) : [...selected, ext]);

  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      ...(selectable
        ? [
            {
              id: "select",
              enableSorting: false,
              header: () => <span className="visually-hidden">Select</span>,
              cell: ({ row }: { row: { original: Row } }) =>
                row.original.status === "imported" ? null : (
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.original.externalAccountNumber}`}
                    checked={selected.includes(row.original.externalAccountNumber)}
                    onChange={() => toggle(row.original.externalAccountNumber)}
                  />
                ),
            } satisfies ColumnDef<Row>,
          ]
        : []),
      {
        id: "external_account_number",
        accessorKey: "externalAccountNumber",
        header: "External number",
        cell: ({ row }) => (
          <Link className="mono" href={`/accounts/import/${encodeURIComponent(code)}/${encodeURIComponent(row.original.externalAccountNumber)}`}>
            {row.original.externalAccountNumber}
          </Link>
        ),
      },
      { id: "status", accessorKey: "status", header: "Status", enableSorting: false, cell: ({ getValue }) => <Badge value={getValue<string>()} /> },
      {
        id: "account",
        accessorKey: "accountNumber",
        header: "Account",
        enableSorting: false,
        cell: ({ getValue }) => (getValue<string | null>() ? <Link className="mono" href={`/accounts/${getValue<string>()}`}>{getValue<string>()}</Link> : <span className="muted">—</span>),
      },
      { id: "billing", accessorKey: "billingName", header: "Billing name", enableSorting: false },
      { id: "created_at", accessorKey: "createdAt", header: "Staged", cell: ({ getValue }) => <span className="nowrap small">{formatDateTime(getValue<Date>())}</span> },
      { id: "updated_at", accessorKey: "updatedAt", header: "Last change", cell: ({ getValue }) => <span className="nowrap small">{formatDateTime(getValue<Date>())}</span> },
      {
        id: "errors",
        header: "Errors",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.errors.length ? (
            <span style={{ color: "var(--danger)" }} className="small">
              {row.original.errors[0].detail}
              {row.original.errors.length > 1 ? ` (+${row.original.errors.length - 1})` : ""}
            </span>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selectable, selected, code],
  );

  return (
    <Card id="rows-title" title="Accounts" description={q.data ? `${formatCount(q.data.total)} matching` : " "} flush>
      <div className="filters">
        <div className="field">
          <label htmlFor="imports-status">Status</label>
          <select id="imports-status" value={status} onChange={(e) => (setStatus(e.target.value as Status), reset())}>
            <option value="">All</option>
            <option value="staged">Staged</option>
            <option value="imported">Imported</option>
            <option value="failed">Failed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="imports-search">External number starts with</label>
          <input id="imports-search" type="search" value={search} onChange={(e) => (setSearch(e.target.value), reset())} />
        </div>
      </div>
      <QueryState
        query={q}
        inCard
        isEmpty={q.data?.items.length === 0}
        empty={
          <EmptyState title={status || search ? "No account matches these filters" : "No accounts staged yet"}>
            {status || search ? "Clear the filters to see every account." : "Upload a file above, or have your migration script call the create-or-update endpoint."}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <DataTable
              label="Staged and imported accounts"
              data={data.items}
              columns={columns}
              sorting={sorting}
              onSortingChange={(s) => (setSorting(s), reset())}
              getRowId={(r) => String(r.id)}
              rowClassName={(r) => (selected.includes(r.externalAccountNumber) ? "selected" : undefined)}
            />
            <div className="pager">
              <span>
                Page {cursors.length} · {formatCount(data.total)} accounts
              </span>
              <div className="row">
                <button className="btn btn-sm" type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
                  Previous
                </button>
                <button className="btn btn-sm" type="button" disabled={!data.nextCursor} onClick={() => setCursors([...cursors, data.nextCursor])}>
                  Next
                </button>
              </div>
            </div>
          </>
        )}
      </QueryState>
    </Card>
  );
}
