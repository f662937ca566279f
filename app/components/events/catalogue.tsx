"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { EmptyState, ErrorState, Loading } from "@/app/components/ui/states";

/** Every event type and payload version, searchable by type or field, grouped by domain. */
export function Catalogue() {
  const trpc = useTRPC();
  const q = useQuery(trpc.event.catalogue.queryOptions({}));
  const [search, setSearch] = useState("");
  const [domain, setDomain] = useState("");
  const domains = useMemo(() => [...new Set((q.data ?? []).map((e) => e.domain))], [q.data]);
  if (q.isPending) return <Loading />;
  if (q.error) return <ErrorState error={q.error} retry={() => void q.refetch()} />;
  const needle = search.trim().toLowerCase();
  const shown = q.data.filter((e) => (!domain || e.domain === domain) && (!needle || e.type.includes(needle) || e.fields.some((f) => f.path.toLowerCase().includes(needle))));
  return (
    <section className="card">
      <div className="filters">
        <div className="field" style={{ flex: 1 }}>
          <label htmlFor="cat-search">Search types and fields</label>
          <input id="cat-search" type="search" placeholder="e.g. account.created, mpan, import_process" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="cat-domain">Domain</label>
          <select id="cat-domain" value={domain} onChange={(e) => setDomain(e.target.value)}>
            <option value="">All domains ({domains.length})</option>
            {domains.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </div>
        <span className="muted small" aria-live="polite">
          {shown.length} of {q.data.length} types and versions
        </span>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No event type matches">Try part of a type name (like “meterpoint”) or a field (like “mpan”).</EmptyState>
      ) : (
        <div className="card-body">
          {shown.map((e) => (
            <details key={`${e.type}.${e.version}`} className="note" open={shown.length <= 3}>
              <summary style={{ cursor: "pointer" }}>
                <span className="mono" style={{ fontWeight: 600 }}>
                  {e.type}
                </span>{" "}
                <span className="badge plain">{e.version}</span> <span className="muted small">· {e.fields.length} fields</span>
              </summary>
              <table className="table" aria-label={`Fields of ${e.type} ${e.version}`} style={{ marginTop: 8 }}>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Type</th>
                    <th scope="col">Required</th>
                  </tr>
                </thead>
                <tbody>
                  {e.fields.map((f) => (
                    <tr key={f.path}>
                      <td className="mono">{f.path}</td>
                      <td className="mono">{f.type}</td>
                      <td>{f.required ? "yes" : <span className="muted">no</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
