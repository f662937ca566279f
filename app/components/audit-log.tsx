"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { AuditChange } from "@/app/components/audit-change";
import { useTRPC } from "@/app/components/trpc/react";
import { formatDateTime } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";

const ENTITY: Record<string, string> = { import_supplier: "Supplier", api_key: "API key", console_user: "Console user" };

export function AuditLog() {
  const trpc = useTRPC();
  const q = useInfiniteQuery(trpc.audit.list.infiniteQueryOptions({ limit: 50 }, { getNextPageParam: (p) => p.nextCursor }));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="card">
      <QueryState query={q} inCard isEmpty={items.length === 0} empty={<EmptyState title="Nothing changed yet">Changes to suppliers, API keys and users are recorded here.</EmptyState>}>
        {() => (
          <>
            <Table label="Audit log" columns={["When", "Who", "What", "On", "Change"]}>
              {items.map((a) => (
                <tr key={a.id}>
                  <td className="nowrap small">{formatDateTime(a.createdAt)}</td>
                  <td>{a.actor}</td>
                  <td className="mono">{a.action}</td>
                  <td>
                    {ENTITY[a.entityType] ?? a.entityType} <span className="mono">{a.entityId}</span>
                  </td>
                  <td className="small" style={{ maxWidth: 420, overflowWrap: "anywhere" }}>
                    <AuditChange action={a.action} details={a.details} />
                  </td>
                </tr>
              ))}
            </Table>
            <div className="pager">
              <span>{items.length} shown</span>
              <button className="btn btn-sm" type="button" disabled={!q.hasNextPage || q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                {q.hasNextPage ? "Older changes" : "No older changes"}
              </button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
