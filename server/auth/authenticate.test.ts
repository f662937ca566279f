import { beforeAll, describe, expect, it } from "vitest";
import { publicAccountHandler as accountRoute } from "@/server/rest/routes/public";
import { createNotesHandler as notesRoute } from "@/server/rest/routes/data-import";
import { useTestDb } from "@/test/db";
import { makeOrg, type OrgFixture } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString("base64")}`;
let org: OrgFixture;

beforeAll(async () => {
  org = await makeOrg(t.db);
});

describe("WWW-Authenticate challenges on 401", () => {
  it("a route that accepts basic auth offers Token and Basic, however the credentials failed", async () => {
    for (const auth of [
      null,
      "Token not-a-token",
      "JWT eyJhbGciOiJIUzI1NiJ9.e30.x",
      "sk_live_wrongwrongwrongwrong",
      basic("sk_live_wrongwrongwrong"),
      basic(""),
      "Basic !!!",
    ]) {
      const res = await call(accountRoute, "/v1/accounts/A-00000000/", { params: { account: "A-00000000" }, auth });
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get("www-authenticate"), String(auth)).toBe('Token realm="api", Basic realm="api"');
    }
  });

  it("then authenticates the basic credentials a client sends after the Basic challenge", async () => {
    const res = await call(accountRoute, "/v1/accounts/A-00000000/", {
      params: { account: "A-00000000" },
      auth: basic(org.apiKey),
    });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("account_not_found");
  });

  it("a token-only route challenges with Token alone", async () => {
    for (const auth of [null, "Token not-a-token", basic(org.apiKey)]) {
      const res = await call(notesRoute, "/v1/data-import/notes/create/", { body: {}, auth });
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get("www-authenticate"), String(auth)).toBe('Token realm="api"');
    }
  });
});
