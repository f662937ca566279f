"use client";

import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useState } from "react";
import { TableWrap } from "./table-wrap";

type Props<T> = {
  data: T[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack Table's own idiom: each column has its own value type.
  columns: ColumnDef<T, any>[];
  label: string;
  /** Server-side sorting: the table reports clicks, the server orders the rows. */
  sorting?: SortingState;
  onSortingChange?: (s: SortingState) => void;
  rowClassName?: (row: T) => string | undefined;
  getRowId?: (row: T) => string;
};

/**
 * TanStack Table with accessible sort buttons (aria-sort); sorts client-side unless told
 * otherwise. Scrolls inside its own container; a last column with id "actions" stays pinned in view.
 */
export function DataTable<T>({ data, columns, label, sorting, onSortingChange, rowClassName, getRowId }: Props<T>) {
  const [local, setLocal] = useState<SortingState>([]);
  const manual = sorting !== undefined;
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: { sorting: manual ? sorting : local },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(manual ? sorting! : local) : updater;
      if (manual) onSortingChange?.(next);
      else setLocal(next);
    },
    manualSorting: manual,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
  });
  const pinned = columns[columns.length - 1]?.id === "actions";
  return (
    <TableWrap>
      <table className={pinned ? "table has-actions" : "table"} aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                const meta = h.column.columnDef.meta as { className?: string } | undefined;
                return (
                  <th
                    key={h.id}
                    className={meta?.className}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    scope="col"
                  >
                    {h.isPlaceholder ? null : h.column.getCanSort() ? (
                      <button type="button" className="sort" onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClassName?.(row.original)}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta as { className?: string } | undefined;
                return (
                  <td key={cell.id} className={meta?.className}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
