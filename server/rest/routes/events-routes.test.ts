import { describe, expect, it } from "vitest";
import { listEventEntries } from "@/server/events/registry";
import { useTestDb } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { call } from "@/test/http";
import {
  eventAsyncApiHandler as asyncapi,
  eventCatalogueHandler as openapi,
  relayStatusHandler as relayStatus,
} from "./events";
import { env, setEnv } from "@/server/env.mjs";

const t = useTestDb();
const db = () => t.db;

describe("GET /v1/events/openapi.json", () => {
  it("serves the catalogue as OpenAPI 3.1, one schema per type and version, without credentials", async () => {
    const res = await call(openapi, "/v1/events/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.json.openapi).toBe("3.1.0");
    const schemas = res.json.components.schemas as Record<string, Record<string, unknown>>;
    expect(Object.keys(schemas)).toHaveLength(listEventEntries().length);
    expect(schemas["account.created.v1"]).toMatchObject({
      type: "object",
      required: ["account_number", "account_user_emails"],
      "x-event-type": "account.created",
      "x-event-version": "v1",
    });
    expect(schemas["billing.ledger.entry_posted.v2"]).toBeDefined();
  });
});

describe("GET /v1/events/asyncapi.json", () => {
  it("serves the catalogue as AsyncAPI 3.0, a message per type and version, without credentials", async () => {
    const res = await call(asyncapi, "/v1/events/asyncapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.json.asyncapi).toBe("3.0.0");
    expect(Object.keys(res.json.components.messages)).toHaveLength(listEventEntries().length);
    expect(res.json.channels["account.created"]).toMatchObject({ address: "events.account.created" });
  });
});

describe("GET /v1/events/relay-status/ without NATS_URL", () => {
  it("is healthy: the events table is the log and nothing is lost", async () => {
    const prev = env.NATS_URL;
    setEnv({ NATS_URL: undefined });
    try {
      const res = await call(relayStatus, "/v1/events/relay-status/");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.json).toMatchObject({ stream: "EVENTS", relay_configured: false, healthy: true });
      // Nothing counted for an anonymous caller; an organisation's key sees its own count.
      expect(res.json.unpublished_count).toBeNull();
      const org = await makeOrg(db());
      const own = await call(relayStatus, "/v1/events/relay-status/", { auth: `Token ${org.apiKey}` });
      expect(typeof own.json.unpublished_count).toBe("number");
    } finally {
      if (prev !== undefined) setEnv({ NATS_URL: prev });
    }
  });
});

describe("route documentation", () => {
  it("documents the events routes for /v1/openapi.json", async () => {
    const { buildOpenApi } = await import("@/server/rest/openapi/build");
    const { eventsRoutes: eventsRouteDocs } = await import("@/server/rest/contracts/events");
    const doc = buildOpenApi(eventsRouteDocs);
    expect(Object.keys(doc.paths)).toEqual([
      "/v1/events/asyncapi.json",
      "/v1/events/openapi.json",
      "/v1/events/relay-status/",
    ]);
    expect(doc.paths["/v1/events/relay-status/"].get).toMatchObject({
      responses: { 200: expect.anything(), 503: expect.anything() },
    });
  });
});
