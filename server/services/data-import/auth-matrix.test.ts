import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { POST as createHistoricalStatements } from "@/app/v1/data-import/historical-statements/create/route";
import { POST as createNotes } from "@/app/v1/data-import/notes/create/route";
import { POST as createPaymentInstruction } from "@/app/v1/data-import/payment-instruction/create/route";
import { POST as sendRegistrationFlows } from "@/app/v1/data-import/send-registration-flows/[import_supplier_code]/[external_account_number]/route";
import { POST as createTransactions } from "@/app/v1/data-import/transactions/create/route";
import { POST as graphql } from "@/app/v1/graphql/route";
import { getSigningKey } from "@/server/auth/signing-key";
import { invalidateApiKey } from "@/server/services/organisations/invalidate-api-key";
import { useTestDb } from "@/test/db";
import { makeOrg } from "@/test/fixtures";
import { call } from "@/test/http";
import { importedAccount } from "./test-helpers";

const t = useTestDb();

async function tokenFor(apiKey: string): Promise<string> {
  const res = await call(graphql, "/v1/graphql/", { body: { query: `mutation { obtainKrakenToken(input: {APIKey: "${apiKey}"}) { token } }` } });
  return res.json.data.obtainKrakenToken.token;
}

/** Every data-import route with a body that would succeed for the fixture account. */
function routes(ref: { import_supplier: string; external_account_number: string }) {
  const params = { import_supplier_code: ref.import_supplier, external_account_number: ref.external_account_number };
  return [
    { name: "notes", handler: createNotes, body: { ...ref, notes: [{ body: "matrix" }] } },
    { name: "transactions", handler: createTransactions, body: { ...ref, transactions: [{ transaction_id: "M1", transaction_date: "2026-01-05", amount: 1, type: "CHARGE", reason: "IMPORTED_CHARGE" }] } },
    { name: "historical-statements", handler: createHistoricalStatements, body: { ...ref, statements: [{ bill_period_from_date: "2026-01-01", bill_period_to_date: "2026-01-31", statement_id: "S", issued_date: "2026-02-01", number: "1", gross_amount: 1 }] } },
    { name: "payment-instruction", handler: createPaymentInstruction, body: { ...ref, vendor: "GOCARDLESS", reference: "MD01", type: "DIRECT_DEBIT" } },
    { name: "send-registration-flows", handler: sendRegistrationFlows, body: undefined, params },
  ] as const;
}

describe("authentication on every data-import route", () => {
  it("401 for no, malformed, forged, expired, or invalidated credentials; 404 for another organisation", async () => {
    const s = await importedAccount(t.db);
    const token = await tokenFor(s.org.apiKey);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ org: s.org.id, key: s.org.apiKeyId, kind: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("kraken-migrate")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 1)
      .sign(await getSigningKey(t.db));
    const other = await makeOrg(t.db, "Other Energy");
    const otherToken = await tokenFor(other.apiKey);
    for (const r of routes(s.ref)) {
      const send = (auth: string | null) => call(r.handler as never, "/x", { method: "POST", body: r.body, auth, params: "params" in r ? r.params : undefined });
      for (const [auth, code] of [
        [null, "authentication_required"],
        ["Token garbage", "authentication_failed"],
        [`Token ${token}x`, "authentication_failed"],
        [`JWT ${expired}`, "token_expired"],
      ] as const) {
        const res = await send(auth);
        expect(res.status, `${r.name} ${auth}`).toBe(401);
        expect(res.json).toMatchObject({ code, detail: expect.any(String), errors: [] });
      }
      const foreign = await send(`Token ${otherToken}`);
      expect(foreign.status, r.name).toBe(404);
    }
    await invalidateApiKey(s.org.ctx, { keyId: s.org.apiKeyId });
    for (const r of routes(s.ref)) {
      const res = await call(r.handler as never, "/x", { method: "POST", body: r.body, auth: token, params: "params" in r ? r.params : undefined });
      expect(res.status, r.name).toBe(401);
    }
  });
});
