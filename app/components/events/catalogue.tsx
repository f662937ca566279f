"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/app/components/trpc/react";
import { QueryState } from "@/app/components/ui/query-state";
import { EmptyState } from "@/app/components/ui/states";
import { Table } from "@/app/components/ui/table";
import { useQueryParam } from "@/app/components/ui/use-query-param";

/** Every event type and payload version, searchable by type or field; the chosen one's fields beside the list. */
export function Catalogue() {
  const trpc = useTRPC();
  const q = useQuery(trpc.event.catalogue.queryOptions({}));
  // Search, domain and the chosen type live in the URL, so a link opens the same type.
  const [search, setSearch] = useQueryParam("q");
  const [domain, setDomain] = useQueryParam("domain");
  const [chosen, setChosen] = useQueryParam("type");
  const domains = useMemo(() => [...new Set((q.data ?? []).map((e) => e.domain))], [q.data]);
  const all = q.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (e) =>
      (!domain || e.domain === domain) &&
      (!needle || e.type.includes(needle) || e.fields.some((f) => f.path.toLowerCase().includes(needle))),
  );
  const key = (e: { type: string; version: string }) => `${e.type} ${e.version}`;
  const current = shown.find((e) => key(e) === chosen) ?? shown[0];
  return (
    <QueryState query={q}>
      {() => (
        <section className="card">
          <div className="filters">
            <div className="field" style={{ flex: 1 }}>
              <label htmlFor="cat-search">Search types and fields</label>
              <input
                id="cat-search"
                type="search"
                placeholder="e.g. account.created, mpan, import_process"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
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
              {shown.length} of {all.length} types and versions
            </span>
          </div>
          {shown.length === 0 || !current ? (
            <EmptyState title="No event type matches">
              Try part of a type name (like “meterpoint”) or a field (like “mpan”).
            </EmptyState>
          ) : (
            <div className="split">
              <nav className="split-list" aria-label="Event types">
                <ul>
                  {shown.map((e) => (
                    <li key={key(e)}>
                      <button
                        type="button"
                        aria-current={key(e) === key(current) ? "true" : undefined}
                        onClick={() => setChosen(key(e))}
                        title={`${e.type} ${e.version}`}
                      >
                        <span className="mono">{e.type}</span>
                        <span className="badge plain">{e.version}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="split-detail" aria-live="polite">
                <h2 className="mono catalogue-type" style={{ fontSize: 16 }}>
                  <span>{current.type}</span> <span className="badge plain">{current.version}</span>
                </h2>
                <p className="muted small">
                  Domain {current.domain} · {current.fields.length} fields · schema{" "}
                  <code>{`${current.type}.${current.version}`}</code> in /v1/events/openapi.json
                </p>
                <Table label={`Fields of ${current.type} ${current.version}`} columns={["Field", "Type", "Required"]}>
                  {current.fields.map((f) => (
                    <tr key={f.path}>
                      <td className="mono">{f.path}</td>
                      <td className="mono">{f.type}</td>
                      <td>{f.required ? "yes" : <span className="muted">no</span>}</td>
                    </tr>
                  ))}
                </Table>
              </div>
            </div>
          )}
        </section>
      )}
    </QueryState>
  );
}
