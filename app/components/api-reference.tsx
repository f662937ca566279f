"use client";

import { useQueryParam } from "@/app/components/ui/use-query-param";
import { EmptyState } from "@/app/components/ui/states";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  format?: string;
  pattern?: string;
  const?: unknown;
};
type Param = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Operation = {
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
export type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
};

function typeOf(s: Schema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map(typeOf).join(" | ");
  if (s.type === "array") return `${s.items ? typeOf(s.items) : "any"}[]`;
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "any");
  return s.format ? `${t} (${s.format})` : t;
}

/** A JSON Schema as an indented field list: name, type, required, description. */
function Fields({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const obj = schema.type === "array" && schema.items ? schema.items : schema;
  if (!obj.properties || depth > 6) return <span className="mono small">{typeOf(schema)}</span>;
  return (
    <ul className="small" style={{ listStyle: "none", paddingLeft: depth ? 16 : 0, margin: 0 }}>
      {Object.entries(obj.properties).map(([name, s]) => (
        <li key={name} style={{ padding: "3px 0" }}>
          <span className="mono" style={{ fontWeight: 600 }}>
            {name}
          </span>{" "}
          <span className="mono muted">{typeOf(s)}</span>{" "}
          {obj.required?.includes(name) && <span className="badge plain badge-warn">required</span>}
          {s.description && <div className="muted">{s.description}</div>}
          {(s.properties || s.items?.properties) && <Fields schema={s} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

const METHOD_TONE: Record<string, string> = { get: "badge-info", post: "badge-ok" };

export function ApiReference({ doc }: { doc: OpenApiDoc }) {
  const [q, setQ] = useQueryParam("q");
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const needle = q.trim().toLowerCase();
  const shown = ops.filter(
    (o) => !needle || o.path.toLowerCase().includes(needle) || o.op.summary.toLowerCase().includes(needle),
  );
  const tags = [...new Set(shown.map((o) => o.op.tags?.[0] ?? "Other"))];
  return (
    <>
      <div className="card card-body" style={{ marginBottom: 24 }}>
        <div className="field">
          <label htmlFor="api-search">Search endpoints</label>
          <input
            id="api-search"
            type="search"
            placeholder="notes, transactions, products…"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <p className="muted small" style={{ marginBottom: 0 }}>
          {doc.info.description} Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a>.
        </p>
      </div>
      {needle && shown.length === 0 && (
        <div className="card" role="status">
          <EmptyState title={`No endpoint matches “${q.trim()}”`}>
            Search by path or summary, such as notes, transactions or products.
          </EmptyState>
        </div>
      )}
      {tags.map((tag) => (
        <section key={tag} className="card" aria-labelledby={`tag-${tag}`}>
          <div className="card-header">
            <h2 id={`tag-${tag}`}>{tag}</h2>
          </div>
          <div className="card-body">
            {shown
              .filter((o) => (o.op.tags?.[0] ?? "Other") === tag)
              .map(({ path, method, op }) => (
                <details key={`${method} ${path}`} className="note">
                  <summary style={{ cursor: "pointer" }}>
                    <span className={`badge plain ${METHOD_TONE[method] ?? ""}`}>{method.toUpperCase()}</span>{" "}
                    <span className="mono api-path">{path}</span> <span className="muted">— {op.summary}</span>
                  </summary>
                  <div style={{ marginTop: 10 }}>
                    {op.description && <p style={{ whiteSpace: "pre-wrap" }}>{op.description}</p>}
                    <p className="small">
                      Authentication:{" "}
                      {op.security?.length ? op.security.map((s) => Object.keys(s)[0]).join(" or ") : "none"}
                    </p>
                    {op.parameters && op.parameters.length > 0 && (
                      <>
                        <h3>Parameters</h3>
                        <ul className="small">
                          {op.parameters.map((p) => (
                            <li key={`${p.in}-${p.name}`}>
                              <span className="mono">{p.name}</span> ({p.in}
                              {p.required ? ", required" : ""}) <span className="mono muted">{typeOf(p.schema)}</span>{" "}
                              {p.description}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                    {op.requestBody && (
                      <>
                        <h3 style={{ margin: "12px 0 6px" }}>Request body</h3>
                        <Fields schema={Object.values(op.requestBody.content)[0].schema} />
                      </>
                    )}
                    <h3 style={{ margin: "12px 0 6px" }}>Responses</h3>
                    {Object.entries(op.responses).map(([status, r]) => (
                      <div key={status} style={{ marginBottom: 8 }}>
                        <span
                          className={`badge plain ${status.startsWith("2") ? "badge-ok" : status.startsWith("4") ? "badge-warn" : "badge-danger"}`}
                        >
                          {status}
                        </span>{" "}
                        {r.description}
                        {r.content && (
                          <details style={{ marginTop: 4 }}>
                            <summary className="small" style={{ cursor: "pointer" }}>
                              Body
                            </summary>
                            <Fields schema={Object.values(r.content)[0].schema} />
                          </details>
                        )}
                      </div>
                    ))}
                  </div>
                </details>
              ))}
          </div>
        </section>
      ))}
    </>
  );
}
