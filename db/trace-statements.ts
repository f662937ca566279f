import { inSpan, SpanKind } from "@/server/lib/tracing.mjs";

type Proto = Record<string | symbol, unknown>;
const TRACED = Symbol.for("kraken-migrate.traced-statements");

/** `SELECT`, `INSERT`, … (a CTE is named by its first word, `WITH`): the span's name, never the statement's values. */
export function statementName(text: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(text);
  return word ? word[1].toUpperCase() : "SQL";
}

/**
 * A CLIENT span per SQL statement and per transaction (ADR 0044): neither postgres-js nor
 * PGlite has OpenTelemetry instrumentation, so drizzle's prepared query (which every statement
 * goes through: the query builders, `db.execute`, prepared statements) is wrapped once per
 * process, like prepareSmallStatements. Only called when tracing is on; the statement text is
 * recorded without its parameters.
 */
export function traceStatements(Prepared: { prototype: object }, Session: { prototype: object }, system: "postgresql") {
  const proto = Prepared.prototype as Proto;
  if (proto[TRACED]) return;
  proto[TRACED] = true;
  for (const method of ["execute", "all"]) {
    const original = proto[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof original !== "function") continue;
    proto[method] = function (this: { queryString?: string }, ...args: unknown[]) {
      const text = this.queryString ?? "";
      return inSpan(
        statementName(text),
        {
          kind: SpanKind.CLIENT,
          attributes: {
            "db.system.name": system,
            "db.query.text": text.length > 4000 ? `${text.slice(0, 4000)}…` : text,
          },
        },
        () => original.apply(this, args),
      );
    };
  }
  const session = Session.prototype as Proto;
  const transaction = session.transaction as ((...args: unknown[]) => Promise<unknown>) | undefined;
  if (typeof transaction === "function") {
    session.transaction = function (this: unknown, ...args: unknown[]) {
      return inSpan("transaction", { kind: SpanKind.INTERNAL, attributes: { "db.system.name": system } }, () =>
        transaction.apply(this, args),
      );
    };
  }
}
