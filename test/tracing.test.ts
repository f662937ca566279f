import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processAccountHandler as processImport } from "@/server/rest/routes/account-import";
import { stageAccountHandler as stageImport } from "@/server/rest/routes/account-import";
import { createHistoricalStatementsHandler as historicalStatements } from "@/server/rest/routes/data-import";
import { createNotesHandler as notes } from "@/server/rest/routes/data-import";
import { createPaymentInstructionHandler as paymentInstruction } from "@/server/rest/routes/data-import";
import { createTransactionsHandler as transactions } from "@/server/rest/routes/data-import";
import { validateAccountHandler as validateAccount } from "@/server/rest/routes/account-import";
import { events } from "@/db/schema";
import { DIRECT_ROUTES, directRoutes } from "@/scripts/direct-routes.mjs";
import { requestTracer } from "@/scripts/request-tracing.mjs";
import { routeMatcher } from "@/scripts/route-templates.mjs";
import { setEnv } from "@/server/env.mjs";
import { metrics } from "@/server/lib/metrics.mjs";
import { flushTracing, startTracing, stopTracing, tracingEnabled } from "@/server/lib/tracing.mjs";
import { makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { readStream } from "@/test/nats-server";
import { useRelayNats, useRelayTestDb, waitFor, waitPublished } from "@/test/relay";

// One data-import POST, served the way `npm start` serves it (the request tracer in front of the
// direct route), gives one trace: the request's SERVER span, its SQL statements, and, later, the
// relay's publish of the event it wrote, continued from the traceparent stored with the event
// (ADR 0044). Spans are sent by the real OTLP/HTTP exporter to a receiver in this file.
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};
const received: OtlpSpan[] = [];
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.url === "/v1/traces" && String(req.headers["content-type"]).startsWith("application/json")) {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const r of body.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans);
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
let restoreEnv = () => {};

// Before the database opens (useRelayTestDb's hook runs after this one): its statements are wrapped when it opens.
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  restoreEnv = setEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}` });
  expect(await startTracing("kraken-migrate-test")).toBe(true);
});
const t = useRelayTestDb();
const h = useRelayNats(t);
let app: http.Server;
let url = "";
beforeAll(async () => {
  const handlers: Record<string, unknown> = {
    "/v1/data-import/account-import-process/create-or-update/": stageImport,
    "/v1/data-import/account-import-process/process/": processImport,
    "/v1/data-import/validate-account/": validateAccount,
    "/v1/data-import/transactions/create/": transactions,
    "/v1/data-import/notes/create/": notes,
    "/v1/data-import/historical-statements/create/": historicalStatements,
    "/v1/data-import/payment-instruction/create/": paymentInstruction,
  };
  const direct = directRoutes((route: string) => handlers[route] as never, { maxBodyBytes: 1 << 20 });
  const traced = requestTracer(routeMatcher(DIRECT_ROUTES));
  app = http.createServer(
    (req, res) => void traced(req, res, async () => void (await (direct(req, res) ?? res.writeHead(404).end()))),
  );
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stopTracing();
  restoreEnv();
  await new Promise((resolve) => app?.close(resolve));
  await new Promise((resolve) => receiver.close(resolve));
});

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v && Object.values(v)[0];
};

describe("traces", () => {
  it("gives a data-import POST one trace: its HTTP span, its SQL, and the later publish of its event", async () => {
    expect(tracingEnabled()).toBe(true);
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const account = await makeImportedAccount(org, supplier.code);
    // The caller's own trace: the request continues it.
    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const res = await fetch(`${url}/v1/data-import/notes/create/`, {
      method: "POST",
      headers: {
        authorization: `Token ${org.apiKey}`,
        "content-type": "application/json",
        traceparent: `00-${callerTrace}-00f067aa0ba902b7-01`,
      },
      body: JSON.stringify({
        import_supplier: supplier.code,
        external_account_number: account.externalAccountNumber,
        notes: [{ body: "Traced note." }],
      }),
    });
    expect(res.status).toBe(201);

    const [row] = await t.db
      .select({ id: events.id, traceparent: events.traceparent })
      .from(events)
      .where(
        and(
          eq(events.accountNumber, account.accountNumber),
          eq(events.type, "data_import.import_process.post_import.completed"),
          isNotNull(events.traceparent),
        ),
      );
    expect(row?.traceparent).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));

    const publishedBefore = (await metrics().eventsPublished.get()).values[0]?.value ?? 0;
    h.relay("EVENTS").start();
    await waitPublished(t.db, [row.id]);
    // The relay's own counters (ADR 0043): it leads, and counted what it published.
    expect((await metrics().relayLeader.get()).values[0]?.value).toBe(1);
    expect((await metrics().eventsPublished.get()).values[0]?.value).toBeGreaterThan(publishedBefore);
    const [message] = (await readStream(h.nc, "EVENTS")).filter((m) => m.headers["Nats-Msg-Id"] === row.id);
    expect(message.body.traceparent).toBe(row.traceparent);
    expect(message.headers.traceparent).toBe(row.traceparent);

    const publishName = "publish events.data_import.import_process.post_import.completed";
    await waitFor("the trace's spans", async () => {
      await flushTracing();
      const trace = received.filter((s) => s.traceId === callerTrace);
      return trace.some((s) => s.kind === SERVER) && trace.some((s) => s.name === publishName);
    });
    const trace = received.filter((s) => s.traceId === callerTrace);
    const server = trace.find((s) => s.kind === SERVER)!;
    expect(server.name).toBe("POST /v1/data-import/notes/create");
    expect(server.parentSpanId).toBe("00f067aa0ba902b7");
    expect(attr(server, "http.route")).toBe("/v1/data-import/notes/create");
    expect(Number(attr(server, "http.response.status_code"))).toBe(201);

    const sql = trace.filter((s) => s.kind === CLIENT && attr(s, "db.system.name") === "postgresql");
    expect(sql.length).toBeGreaterThan(1);
    expect(sql.some((s) => s.name === "WITH" || s.name === "INSERT")).toBe(true);
    // Every span of the request descends from its SERVER span.
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const descends = (s: OtlpSpan): boolean =>
      s === server || (!!s.parentSpanId && !!byId.get(s.parentSpanId) && descends(byId.get(s.parentSpanId)!));
    expect(sql.every(descends)).toBe(true);

    const publish = trace.find((s) => s.name === publishName)!;
    expect(publish.kind).toBe(PRODUCER);
    expect(attr(publish, "messaging.message.id")).toBe(row.id);
    expect(attr(publish, "messaging.system")).toBe("nats");
    // The publish continues the span that wrote the event.
    expect(publish.parentSpanId).toBe(row.traceparent!.split("-")[2]);
    expect(descends(publish)).toBe(true);
  }, 60_000);
});
