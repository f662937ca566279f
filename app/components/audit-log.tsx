"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { auditActionLabel } from "@/app/components/audit-actions";
import { AuditChange } from "@/app/components/ui/audit-change";
import { AUDIT_ENTITIES, auditEntityHref, type AuditFilters, auditListInput } from "@/app/components/audit-filters";
import { useTRPC } from "@/app/components/trpc/react";
import { formatDateTime, LONDON_TIME } from "@/app/components/ui/format";
import { QueryState } from "@/app/components/ui/query-state";
import { OlderPager } from "@/app/components/ui/older-pager";
import { EmptyState } from "@/app/components/ui/states";
import { useUrlFilters } from "@/app/components/ui/url-filters";
import { Table } from "@/app/components/ui/table";

export function AuditLog({ filters }: { filters: AuditFilters }) {
  const trpc = useTRPC();
  const { draft, setDraft, apply } = useUrlFilters<AuditFilters>(filters);
  const q = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(auditListInput(filters), { getNextPageParam: (p) => p.nextCursor }),
  );
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.kind || filters.entity);
  return (
    <section className="card">
      <form className="filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="audit-kind">Changed</label>
          <select
            id="audit-kind"
            value={draft.kind ?? ""}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
          >
            <option value="">Anything</option>
            {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-entity">Exact supplier code, key number or e-mail</label>
          <input
            id="audit-entity"
            type="text"
            value={draft.entity ?? ""}
            onChange={(e) => setDraft({ ...draft, entity: e.target.value })}
            placeholder="e.g. DEMO-ONGOING"
            style={{ width: 260 }}
          />
        </div>
        <button className="btn btn-primary" type="submit">
          Apply
        </button>
      </form>
      <QueryState
        query={q}
        inCard
        isEmpty={items.length === 0}
        empty={
          <EmptyState title={filtered ? "No changes match" : "Nothing changed yet"}>
            {filtered
              ? `${filters.entity ? "The supplier code, key number or e-mail must match exactly, as recorded. " : ""}Clear a filter to see more.`
              : "Changes to suppliers, API keys and users, and imports started from the console, are recorded here."}
          </EmptyState>
        }
      >
        {() => (
          <>
            <Table
              label="Audit log"
              className="audit-table"
              columns={[
                { label: `When ${LONDON_TIME}`, className: "audit-when" },
                { label: "Who", className: "audit-who" },
                { label: "What", className: "audit-what" },
                { label: "On", className: "audit-on" },
                { label: "Change", className: "audit-change-col" },
              ]}
            >
              {items.map((a) => (
                <tr key={a.id}>
                  <td className="nowrap small">{formatDateTime(a.createdAt)}</td>
                  <td className="break-anywhere">{a.actor}</td>
                  <td>
                    <div className="nowrap">{auditActionLabel(a.action)}</div>
                    <code className="muted small nowrap" title="Recorded action">
                      {a.action}
                    </code>
                  </td>
                  <td>
                    {AUDIT_ENTITIES[a.entityType] ?? a.entityType}{" "}
                    {auditEntityHref(a.entityType, a.entityId) ? (
                      <Link className="mono" href={auditEntityHref(a.entityType, a.entityId)!}>
                        {a.entityId}
                      </Link>
                    ) : (
                      <span className="mono">{a.entityId}</span>
                    )}
                  </td>
                  <td className="small audit-change">
                    <AuditChange action={a.action} details={a.details} />
                  </td>
                </tr>
              ))}
            </Table>
            <OlderPager shown={`${items.length} shown`} noun="changes" query={q} />
          </>
        )}
      </QueryState>
    </section>
  );
}
