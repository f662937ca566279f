import { count, eq, inArray } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stageAccount } from "@/server/rest/routes/account-import";
import { processAccountHandler as processAccount } from "@/server/rest/routes/account-import";
import { createHistoricalStatementsHandler as createHistoricalStatements } from "@/server/rest/routes/data-import";
import { createNotesHandler as createNotes } from "@/server/rest/routes/data-import";
import { createPaymentInstructionHandler as createPaymentInstruction } from "@/server/rest/routes/data-import";
import { sendRegistrationFlowsHandler as sendRegistrationFlows } from "@/server/rest/routes/data-import";
import { createTransactionsHandler as createTransactions } from "@/server/rest/routes/data-import";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import {
  accountImportProcesses,
  accounts,
  events,
  historicalStatements,
  meterPointRegistrations,
  notes,
  paymentInstructions,
  transactions,
} from "@/db/schema";
import { getSigningKey } from "@/server/auth/signing-key";
import { invalidateApiKey } from "@/server/services/organisations/invalidate-api-key";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeUser } from "@/test/factories";
import { call } from "@/test/http";
import { importedAccount } from "@/test/factories";

const t = useTestDb();

async function tokenFor(apiKey: string): Promise<string> {
  const res = await call(graphql, "/v1/graphql/", {
    body: { query: `mutation { obtainKrakenToken(input: {APIKey: "${apiKey}"}) { token } }` },
  });
  return res.json.data.obtainKrakenToken.token;
}

/** A console user's token, obtained the way a script would: obtainKrakenToken with e-mail and password. */
async function userToken(user: { email: string; password: string }): Promise<string> {
  const res = await call(graphql, "/v1/graphql/", {
    body: {
      query: "mutation($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }",
      variables: { input: { email: user.email, password: user.password } },
    },
  });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.obtainKrakenToken.token;
}

/** Every data-import route with a body that would succeed for the fixture account. */
function routes(ref: { import_supplier: string; external_account_number: string }) {
  const params = { import_supplier_code: ref.import_supplier, external_account_number: ref.external_account_number };
  return [
    { name: "notes", handler: createNotes, body: { ...ref, notes: [{ body: "matrix" }] } },
    {
      name: "transactions",
      handler: createTransactions,
      body: {
        ...ref,
        transactions: [
          {
            transaction_id: "M1",
            transaction_date: "2026-01-05",
            amount: 1,
            type: "CHARGE",
            reason: "IMPORTED_CHARGE",
          },
        ],
      },
    },
    {
      name: "historical-statements",
      handler: createHistoricalStatements,
      body: {
        ...ref,
        statements: [
          {
            bill_period_from_date: "2026-01-01",
            bill_period_to_date: "2026-01-31",
            statement_id: "S",
            issued_date: "2026-02-01",
            number: "1",
            gross_amount: 100,
          },
        ],
      },
    },
    {
      name: "payment-instruction",
      handler: createPaymentInstruction,
      body: { ...ref, vendor: "BOTTOMLINE_PTX", reference: "MD01", type: "DIRECT_DEBIT" },
    },
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
      const send = (auth: string | null) =>
        call(r.handler as never, "/x", {
          method: "POST",
          body: r.body,
          auth,
          params: "params" in r ? r.params : undefined,
        });
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
      const res = await call(r.handler as never, "/x", {
        method: "POST",
        body: r.body,
        auth: token,
        params: "params" in r ? r.params : undefined,
      });
      expect(res.status, r.name).toBe(401);
    }
  });
});

describe("a read-only caller (console support user's token) on every data-import write route", () => {
  it("gets 403 forbidden before the body, query or path is looked at, and nothing is written", async () => {
    const s = await importedAccount(t.db);
    const support = await userToken(await makeUser(s.org, "support"));
    const operator = await userToken(await makeUser(s.org, "operator"));
    const params = {
      import_supplier_code: s.ref.import_supplier,
      external_account_number: s.ref.external_account_number,
    };
    const staged = accountPayload(s.ref.import_supplier);
    // Per route: a body that would succeed, and requests that would each be a 400 for a writer.
    const cases = [
      ...routes(s.ref).map((r) => ({
        ...r,
        url: "/x",
        invalid: r.body
          ? [
              { ...r.body, notes: [], transactions: [], statements: [], vendor: 5 },
              { ...r.body, unknown: 1 },
            ]
          : [],
        badUrl: undefined as string | undefined,
      })),
      {
        name: "create-or-update",
        handler: stageAccount,
        url: "/x",
        body: staged,
        invalid: [{ ...staged, customers: [{ landline: "nope" }] }],
        badUrl: undefined,
      },
      {
        name: "process",
        handler: processAccount,
        url: "/x",
        body: { ...s.ref, dry_run: true },
        invalid: [{ ...s.ref, dry_run: "maybe" }],
        badUrl: undefined,
      },
    ];
    cases.find((c) => c.name === "transactions")!.badUrl = "/x?check_previously_added=maybe";
    cases.find((c) => c.name === "send-registration-flows")!.badUrl = "/x?supply_start_date=2026-13-45";
    const [account] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
    const writes = async () => {
      const rows = await Promise.all([
        t.db.select({ n: count() }).from(notes).where(eq(notes.accountId, account.id)),
        t.db.select({ n: count() }).from(transactions).where(eq(transactions.accountId, account.id)),
        t.db.select({ n: count() }).from(historicalStatements).where(eq(historicalStatements.accountId, account.id)),
        t.db.select({ n: count() }).from(paymentInstructions).where(eq(paymentInstructions.accountId, account.id)),
        t.db
          .select({ n: count() })
          .from(meterPointRegistrations)
          .where(eq(meterPointRegistrations.accountId, account.id)),
        t.db
          .select({ n: count() })
          .from(accountImportProcesses)
          .where(inArray(accountImportProcesses.externalAccountNumber, [staged.external_account_number])),
        t.db.select({ n: count() }).from(events).where(eq(events.organisationId, s.org.id)),
      ]);
      return rows.map(([r]) => r.n);
    };
    const before = await writes();
    for (const c of cases) {
      const send = (auth: string, body: unknown, url = c.url) =>
        call(c.handler as never, url, {
          method: "POST",
          body,
          auth: `Token ${auth}`,
          params: c.name === "send-registration-flows" ? params : undefined,
        });
      for (const body of [c.body, ...c.invalid, ...(c.body ? [] : [undefined])]) {
        const res = await send(support, body);
        expect(res.status, `${c.name} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(403);
        expect(res.json).toEqual({ detail: expect.any(String), code: "forbidden", errors: [] });
      }
      if (c.body) {
        const garbled = await call(c.handler as never, c.url, {
          method: "POST",
          rawBody: "{not json",
          auth: `Token ${support}`,
        });
        expect(garbled.status, `${c.name} malformed JSON`).toBe(403);
      }
      if (c.badUrl) {
        const res = await send(support, c.body, c.badUrl);
        expect(res.status, `${c.name} ${c.badUrl}`).toBe(403);
        expect((await send(operator, c.body, c.badUrl)).json.code, `${c.name} operator ${c.badUrl}`).toBe(
          "invalid_query",
        );
      }
      // An operator's token on the same invalid requests gets the validation errors.
      for (const body of c.invalid) expect((await send(operator, body)).status, `${c.name} operator`).toBe(400);
    }
    expect(await writes()).toEqual(before);
  });
});
