"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/components/trpc/react";
import { formatDateTime } from "@/app/components/ui/format";
import { EmptyState, ErrorState, Loading } from "@/app/components/ui/states";

const ENTITY: Record<string, string> = { import_supplier: "Supplier", api_key: "API key", console_user: "Console user" };

export function AuditLog() {
  const trpc = useTRPC();
  const q = useInfiniteQuery(trpc.audit.list.infiniteQueryOptions({ limit: 50 }, { getNextPageParam: (p) => p.nextCursor }));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="card">
      {q.isPending ? (
        <Loading />
      ) : q.error ? (
        <div className="card-body">
          <ErrorState error={q.error} retry={() => void q.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState title="Nothing changed yet">Changes to suppliers, API keys and users are recorded here.</EmptyState>
      ) : (
        <>
          <table className="table" aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id}>
                  <td className="nowrap small">{formatDateTime(a.createdAt)}</td>
                  <td>{a.actor}</td>
                  <td className="mono">{a.action}</td>
                  <td>
                    {ENTITY[a.entityType] ?? a.entityType} <span className="mono">{a.entityId}</span>
                  </td>
                  <td className="mono small" style={{ maxWidth: 360, overflowWrap: "anywhere" }}>
                    {Object.keys(a.details).length ? JSON.stringify(a.details) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="pager">
            <span>{items.length} shown</span>
            <button className="btn btn-sm" type="button" disabled={!q.hasNextPage || q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {q.hasNextPage ? "Older changes" : "No older changes"}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
