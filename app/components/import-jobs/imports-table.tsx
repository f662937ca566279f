"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useMemo } from "react";
import { useUrlState } from "@/app/components/ui/url-filters";
import { countOf, formatCount, formatDateTime, LONDON_TIME } from "@/app/components/ui/format";
import { useTRPC } from "@/app/components/trpc/react";
import { Badge } from "@/app/components/ui/badge";
import { DataTable } from "@/app/components/ui/data-table";
import { Card } from "@/app/components/ui/card";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import type { AppRouter } from "@/server/api/root";
import { IMPORT_STATUSES, importRowsInput, type ImportTableParams, PAGE_SIZE } from "./table-params";

type Row = inferRouterOutputs<AppRouter>["accountImport"]["list"]["items"][number];

const FIRST_PAGE = { after: undefined, before: undefined, page: undefined };

/**
 * Server-side filter, sort and keyset paging, all in the URL (reload and Back keep them): a page
 * is the cursor after the previous one or before the next one, with its number for people.
 */
export function ImportsTable({
  code,
  params,
  selectable,
  selected,
  onSelect,
}: {
  code: string;
  params: ImportTableParams;
  selectable: boolean;
  selected: string[];
  onSelect: (s: string[]) => void;
}) {
  const trpc = useTRPC();
  const { draft, setDraft, apply, applyNow, form } = useUrlState<ImportTableParams>(params);
  const q = useQuery({
    ...trpc.accountImport.list.queryOptions(importRowsInput(code, params)),
    placeholderData: keepPreviousData,
  });
  const sorting: SortingState = [{ id: params.sort ?? "created_at", desc: params.dir !== "asc" }];
  // The default order (newest staged first) stays out of the URL.
  const onSortingChange = (next: SortingState) => {
    const s = next[0];
    const isDefault = !s || (s.id === "created_at" && s.desc);
    applyNow({
      ...FIRST_PAGE,
      sort: isDefault ? undefined : s.id,
      dir: isDefault ? undefined : s.desc ? "desc" : "asc",
    });
  };
  const page = Number(params.page ?? 1);
  const filtered = Boolean(params.status || params.q);
  const toggle = (ext: string) =>
    onSelect(selected.includes(ext) ? selected.filter((s) => s !== ext) : [...selected, ext]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `toggle` is new each render; `selected`, which it reads, is listed.
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
          <Link
            className="mono"
            href={`/accounts/import/${encodeURIComponent(code)}/${encodeURIComponent(row.original.externalAccountNumber)}`}
          >
            {row.original.externalAccountNumber}
          </Link>
        ),
      },
      {
        id: "status",
        accessorKey: "status",
        header: "Status",
        enableSorting: false,
        cell: ({ getValue }) => <Badge value={getValue<string>()} />,
      },
      {
        id: "account",
        accessorKey: "accountNumber",
        header: "Account",
        enableSorting: false,
        cell: ({ getValue }) =>
          getValue<string | null>() ? (
            <Link className="mono" href={`/accounts/${getValue<string>()}`}>
              {getValue<string>()}
            </Link>
          ) : (
            <span className="muted">—</span>
          ),
      },
      { id: "billing", accessorKey: "billingName", header: "Billing name", enableSorting: false },
      {
        id: "created_at",
        accessorKey: "createdAt",
        header: `Staged ${LONDON_TIME}`,
        cell: ({ getValue }) => <span className="nowrap small">{formatDateTime(getValue<Date>())}</span>,
      },
      {
        id: "updated_at",
        accessorKey: "updatedAt",
        header: `Last change ${LONDON_TIME}`,
        cell: ({ getValue }) => <span className="nowrap small">{formatDateTime(getValue<Date>())}</span>,
      },
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
    [selectable, selected, code],
  );

  return (
    <Card id="rows-title" title="Accounts" description={q.data ? `${formatCount(q.data.total)} matching` : " "} flush>
      <form ref={form} className="filters" onSubmit={apply} aria-label="Filter accounts">
        <div className="field">
          <label htmlFor="imports-status">Status</label>
          <select
            id="imports-status"
            value={draft.status ?? ""}
            onChange={(e) => applyNow({ ...FIRST_PAGE, status: e.target.value || undefined })}
          >
            <option value="">All</option>
            {IMPORT_STATUSES.map((st) => (
              <option key={st} value={st}>
                {st[0].toUpperCase() + st.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="imports-search">External number starts with</label>
          <input
            id="imports-search"
            type="search"
            value={draft.q ?? ""}
            onChange={(e) => setDraft({ ...draft, ...FIRST_PAGE, q: e.target.value })}
          />
        </div>
        <button className="btn" type="submit">
          Search
        </button>
      </form>
      <QueryState
        query={q}
        inCard
        isEmpty={q.data?.items.length === 0}
        empty={
          <EmptyState title={filtered ? "No account matches these filters" : "No accounts staged yet"}>
            {filtered
              ? "Clear the filters to see every account."
              : "Upload a file above, or have your migration script call the create-or-update endpoint."}
          </EmptyState>
        }
      >
        {(data) => {
          // A page reached by a cursor is numbered from the URL; the first page is always page 1.
          const number = data.prevCursor ? Math.max(page, 2) : 1;
          const pages = Math.max(number, Math.ceil(data.total / PAGE_SIZE));
          return (
            <>
              <DataTable
                label="Staged and imported accounts"
                data={data.items}
                columns={columns}
                sorting={sorting}
                onSortingChange={onSortingChange}
                getRowId={(r) => String(r.id)}
                rowClassName={(r) => (selected.includes(r.externalAccountNumber) ? "selected" : undefined)}
              />
              <div className="pager">
                <span data-testid="imports-pager">
                  Page {formatCount(number)} of {formatCount(pages)} · {countOf(data.total, "account")}
                </span>
                <div className="row">
                  <button
                    className="btn btn-sm"
                    type="button"
                    disabled={!data.prevCursor}
                    onClick={() =>
                      applyNow(
                        number <= 2
                          ? FIRST_PAGE
                          : { after: undefined, before: data.prevCursor ?? undefined, page: String(number - 1) },
                      )
                    }
                  >
                    Previous
                  </button>
                  <button
                    className="btn btn-sm"
                    type="button"
                    disabled={!data.nextCursor}
                    onClick={() =>
                      applyNow({ before: undefined, after: data.nextCursor ?? undefined, page: String(number + 1) })
                    }
                  >
                    Next
                  </button>
                </div>
              </div>
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
