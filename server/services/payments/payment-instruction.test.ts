import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaymentInstructionHandler as create } from "@/server/rest/routes/data-import";
import { accounts, paymentInstructions, paymentVendorFailures } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { legacyPaymentInstruction } from "../import-bodies/production-bodies";
import { eventsFor, importedAccount } from "@/test/factories";
import { setEnv } from "@/server/env.mjs";

const t = useTestDb();
const URL = "/v1/data-import/payment-instruction/create/";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** A local stand-in for a vendor API; each test sets how it answers. */
function fakeVendor() {
  const state: { handler: Handler; requests: { url: string; auth?: string; version?: string }[] } = {
    handler: (_q, r) => r.end(),
    requests: [],
  };
  const server: Server = createServer((req, res) => {
    state.requests.push({
      url: req.url!,
      auth: req.headers.authorization,
      version: req.headers["gocardless-version"] as string | undefined,
    });
    state.handler(req, res);
  });
  return {
    state,
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, "127.0.0.1", () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
const mandate = (status = "active") =>
  json(200, { mandates: { id: "MD0001ABC", status, scheme: "bacs", reference: "KM-1", links: { customer: "CU001" } } });
const paymentMethod = (extra: Record<string, unknown> = {}) =>
  json(200, {
    id: "pm_123abc",
    object: "payment_method",
    type: "card",
    customer: "cus_1",
    card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2099 },
    ...extra,
  });

const stripe = fakeVendor();
const gc = fakeVendor();

beforeAll(async () => {
  setEnv({ PAYMENT_VENDOR_STRIPE_URL: await stripe.start() });
  setEnv({ PAYMENT_VENDOR_STRIPE_TOKEN: "sk_test_fake" });
  // The three BOTTOMLINE_* vendors share the bureau's settings unless one has its own.
  setEnv({ PAYMENT_VENDOR_BOTTOMLINE_URL: await gc.start() });
  setEnv({ PAYMENT_VENDOR_BOTTOMLINE_TOKEN: "bl_sandbox_fake" });
  setEnv({ PAYMENT_VENDOR_TIMEOUT_MS: "300" });
  setEnv({ PAYMENT_VENDOR_BACKOFF_MS: "10" });
});
afterAll(async () => {
  await Promise.all([stripe.stop(), gc.stop()]);
});
beforeEach(() => {
  stripe.state.requests = [];
  gc.state.requests = [];
});

async function setup() {
  const s = await importedAccount(t.db);
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  return { ...s, accountId: row.id };
}
// References are unique per run: a PostgreSQL test database keeps earlier runs' instructions.
const RUN = Date.now().toString(36).toUpperCase();
const md = (name: string) => `MD${name}${RUN}`;
const pm = (name: string) => `pm_${name}${RUN}`;
const dd = (ref: object, reference = md("0001ABC"), vendor = "BOTTOMLINE_PTX") => ({
  ...ref,
  vendor,
  reference,
  type: "DIRECT_DEBIT",
});
const card = (ref: object, reference = pm("123abc")) => ({ ...ref, vendor: "STRIPE", reference, type: "CARD" });
const rowsOf = (accountId: number) =>
  t.db.select().from(paymentInstructions).where(eq(paymentInstructions.accountId, accountId));

describe("POST data-import/payment-instruction/create/", () => {
  it("verifies a mandate with the direct-debit bureau and stores it (201)", async () => {
    const s = await setup();
    gc.state.handler = mandate();
    const res = await call(create, URL, { body: dd(s.ref), auth: s.auth });
    expect(res.status).toBe(201);
    const n = s.account.accountNumber;
    expect(res.json).toEqual({
      account_number: n,
      kraken_account_number: n,
      reference: md("0001ABC"),
      platform_account_number: n,
    });
    expect(gc.state.requests).toEqual([
      { url: `/mandates/${md("0001ABC")}`, auth: "Bearer bl_sandbox_fake", version: "2015-07-06" },
    ]);
    const [row] = await rowsOf(s.accountId);
    expect(row).toMatchObject({
      vendor: "BOTTOMLINE_PTX",
      type: "DIRECT_DEBIT",
      status: "active",
      vendorStatus: "active",
      vendorDetails: { scheme: "bacs", customer: "CU001" },
    });
    expect((await eventsFor(t.db, s.account.accountNumber)).map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ resource_type: "payment_instruction" }),
    );
    // Resending the same instruction is safe: 201 again, no vendor call, no second row.
    const again = await call(create, URL, { body: dd(s.ref), auth: s.auth });
    expect(again.status).toBe(201);
    expect(gc.state.requests).toHaveLength(1);
    // A different instruction while one is active: the platform's 400 body.
    const second = await call(create, URL, { body: card(s.ref, pm("second")), auth: s.auth });
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({
      error_detail: "Account already has an active instruction",
      external_account_number: s.ref.external_account_number,
      import_supplier: s.ref.import_supplier,
      reference: pm("second"),
    });
    expect(await rowsOf(s.accountId)).toHaveLength(1);
  });

  it("verifies a card payment method with the card processor", async () => {
    const s = await setup();
    stripe.state.handler = paymentMethod();
    const res = await call(create, URL, { body: card(s.ref, pm("card1")), auth: s.auth });
    expect(res.status).toBe(201);
    expect(stripe.state.requests[0]).toMatchObject({
      url: `/v1/payment_methods/${pm("card1")}`,
      auth: "Bearer sk_test_fake",
    });
    const [row] = await rowsOf(s.accountId);
    expect(row.vendorDetails).toMatchObject({ brand: "visa", last4: "4242" });
  });

  it("answers 400 when the vendor says it does not exist or is unusable, without retrying", async () => {
    const s = await setup();
    gc.state.handler = json(404, {
      error: { code: 404, type: "invalid_api_usage", errors: [{ reason: "resource_not_found" }] },
    });
    const missing = await call(create, URL, { body: dd(s.ref, md("0009MISSING")), auth: s.auth });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      code: "payment_instruction_not_found",
      errors: [{ attr: "reference" }],
      error_detail: expect.any(String),
      external_account_number: s.ref.external_account_number,
      import_supplier: s.ref.import_supplier,
      reference: md("0009MISSING"),
    });
    expect(gc.state.requests).toHaveLength(1);
    gc.state.handler = mandate("cancelled");
    expect((await call(create, URL, { body: dd(s.ref, md("0009CANCELLED")), auth: s.auth })).json.code).toBe(
      "payment_instruction_not_active",
    );
    stripe.state.handler = paymentMethod({ card: { brand: "visa", last4: "4242", exp_month: 1, exp_year: 2020 } });
    expect((await call(create, URL, { body: card(s.ref, pm("expired")), auth: s.auth })).json.code).toBe(
      "payment_instruction_not_active",
    );
    stripe.state.handler = json(401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
    const refused = await call(create, URL, { body: card(s.ref, pm("badkey")), auth: s.auth });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("payment_vendor_persistent_failure");
    expect(await rowsOf(s.accountId)).toHaveLength(0);
  });

  it("retries an intermittent failure and succeeds; answers 500 when it persists within a request, then 400 once it keeps failing", async () => {
    const s = await setup();
    let n = 0;
    gc.state.handler = (req, res) =>
      ++n === 1 ? res.destroy() : n === 2 ? json(503, {})(req, res) : mandate()(req, res);
    const flaky = await call(create, URL, { body: dd(s.ref, md("0002FLAKY")), auth: s.auth });
    expect(flaky.status).toBe(201);
    expect(gc.state.requests).toHaveLength(3);

    const s2 = await setup();
    gc.state.handler = () => {}; // never answers: every attempt times out
    const down = await call(create, URL, { body: dd(s2.ref, md("0003DOWN")), auth: s2.auth });
    expect(down.status).toBe(500);
    expect(down.json).toMatchObject({
      code: "payment_vendor_unavailable",
      errors: [],
      error_detail: expect.stringContaining("retry"),
      reference: md("0003DOWN"),
      import_supplier: s2.ref.import_supplier,
    });
    expect(down.headers.get("retry-after")).toBe("5");
    gc.state.handler = json(502, {});
    expect((await call(create, URL, { body: dd(s2.ref, md("0003DOWN")), auth: s2.auth })).status).toBe(500);
    const final = await call(create, URL, { body: dd(s2.ref, md("0003DOWN")), auth: s2.auth });
    expect(final.status).toBe(400);
    expect(final.json.code).toBe("payment_vendor_persistent_failure");
    expect(await rowsOf(s2.accountId)).toHaveLength(0);
  });

  it("counts only failures within the window: failures further apart than PAYMENT_VENDOR_FAILURE_WINDOW_SECONDS stay a retryable 500", async () => {
    const s = await setup();
    const ref = md("0005SPREAD");
    gc.state.handler = json(502, {});
    const failures = () =>
      t.db
        .select()
        .from(paymentVendorFailures)
        .where(and(eq(paymentVendorFailures.vendor, "BOTTOMLINE_PTX"), eq(paymentVendorFailures.reference, ref)));
    // Each earlier failure is moved back past the 10-minute default window, as if days had passed.
    const backDate = (minutes: number) =>
      t.db
        .update(paymentVendorFailures)
        .set({ lastFailedAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(and(eq(paymentVendorFailures.vendor, "BOTTOMLINE_PTX"), eq(paymentVendorFailures.reference, ref)));
    for (let i = 0; i < 4; i++) {
      const res = await call(create, URL, { body: dd(s.ref, ref), auth: s.auth });
      expect(res.status, `failure ${i + 1}, a day after the last`).toBe(500);
      expect(res.json.code).toBe("payment_vendor_unavailable");
      expect((await failures())[0].consecutiveFailures).toBe(1);
      await backDate(24 * 60);
    }
    // Within the window they add up: two more (three in a row) turn into the final 400.
    expect((await call(create, URL, { body: dd(s.ref, ref), auth: s.auth })).status).toBe(500);
    await backDate(9);
    expect((await call(create, URL, { body: dd(s.ref, ref), auth: s.auth })).status).toBe(500);
    const final = await call(create, URL, { body: dd(s.ref, ref), auth: s.auth });
    expect(final.status).toBe(400);
    expect(final.json).toMatchObject({
      code: "payment_vendor_persistent_failure",
      errors: [{ attr: "vendor", code: "payment_vendor_persistent_failure" }],
    });
    // A shorter configured window: nine minutes apart is already a new count.
    setEnv({ PAYMENT_VENDOR_FAILURE_WINDOW_SECONDS: "300" });
    try {
      await backDate(9);
      expect((await call(create, URL, { body: dd(s.ref, ref), auth: s.auth })).status).toBe(500);
      expect((await failures())[0].consecutiveFailures).toBe(1);
    } finally {
      setEnv({ PAYMENT_VENDOR_FAILURE_WINDOW_SECONDS: undefined });
    }
    // Once the vendor answers, the instruction is stored and the count is cleared.
    gc.state.handler = mandate();
    expect((await call(create, URL, { body: dd(s.ref, ref), auth: s.auth })).status).toBe(201);
    expect(await failures()).toHaveLength(0);
    expect(await rowsOf(s.accountId)).toHaveLength(1);
  });

  it("counts concurrent copies of a failing request once: a script that resends keeps its retryable 500", async () => {
    // Found by bench/resend-chaos.ts's reasoning: copies of one request sent at once (or a
    // resend while the abandoned first copy still runs) meet the same outage. Counted one
    // by one, three copies turned the 500 (retry as is) into the final 400 at once.
    const s = await setup();
    const ref = md("0006CONCFAIL");
    // The vendor holds its first three answers until all three copies have asked it: every copy
    // has then read the failure count before any failure is recorded, however busy the machine.
    const held: (() => void)[] = [];
    gc.state.handler = (req, res) => {
      const answer = () => json(503, {})(req, res);
      if (held.length >= 3) return answer();
      held.push(answer);
      if (held.length === 3) held.forEach((a) => a());
    };
    const failures = () =>
      t.db
        .select()
        .from(paymentVendorFailures)
        .where(and(eq(paymentVendorFailures.vendor, "BOTTOMLINE_PTX"), eq(paymentVendorFailures.reference, ref)));
    const copies = await Promise.all(
      Array.from({ length: 3 }, () => call(create, URL, { body: dd(s.ref, ref), auth: s.auth })),
    );
    gc.state.handler = json(503, {});
    expect(copies.map((r) => [r.status, r.json.code])).toEqual(Array(3).fill([500, "payment_vendor_unavailable"]));
    expect((await failures())[0].consecutiveFailures).toBe(1);
    // Later requests, one after another, count as before: three in a row are final.
    expect((await call(create, URL, { body: dd(s.ref, ref), auth: s.auth })).status).toBe(500);
    const final = await call(create, URL, { body: dd(s.ref, ref), auth: s.auth });
    expect(final.status).toBe(400);
    expect(final.json.code).toBe("payment_vendor_persistent_failure");
    gc.state.handler = mandate();
    expect((await call(create, URL, { body: dd(s.ref, ref), auth: s.auth })).status).toBe(201);
    expect(await failures()).toHaveLength(0);
  });

  it("validates vendor, type and reference shape before calling anyone", async () => {
    const s = await setup();
    const cases: [unknown, string, string][] = [
      [{ ...dd(s.ref), vendor: "GOCARDLESS" }, "invalid_choice", "vendor"],
      [{ ...dd(s.ref), type: "CARD" }, "invalid_payment_instruction_type", "type"],
      [{ ...dd(s.ref), type: "PAYMENT_SLIP" }, "invalid_payment_instruction_type", "type"],
      [{ ...card(s.ref), type: "BPAY" }, "invalid_payment_instruction_type", "type"],
      [{ ...dd(s.ref), type: "SEPA" }, "invalid_choice", "type"],
      [dd(s.ref, "MD 1/2"), "invalid_payment_instruction_reference", "reference"],
      [card(s.ref, "pm 0001"), "invalid_payment_instruction_reference", "reference"],
      [{ ...dd(s.ref), reference: undefined }, "mutually_exclusive_field_required", "reference"],
      [{ ...dd(s.ref), instruction_reference: md("X") }, "mutually_exclusive_field_required", "instruction_reference"],
      [{ ...dd(s.ref), reference: "R".repeat(513) }, "max_length", "reference"],
      [
        { ...dd(s.ref), reference: undefined, instruction_reference: "R".repeat(129) },
        "max_length",
        "instruction_reference",
      ],
      [{ ...dd(s.ref), valid_from: "2026-13-01" }, "invalid_date", "valid_from"],
      [{ ...dd(s.ref), use_for_scheduled_payments: "yes" }, "invalid_type", "use_for_scheduled_payments"],
      [{ ...dd(s.ref), external_account_number: undefined }, "required", "external_account_number"],
      [{ ...dd(s.ref), extra: 1 }, "unknown_field", "extra"],
    ];
    for (const [body, code, attr] of cases) {
      const res = await call(create, URL, { body, auth: s.auth });
      expect(res.status, code).toBe(400);
      expect(res.json.errors.map((e: any) => [e.code, e.attr])).toContainEqual([code, attr]);
      // Production's CreatePaymentInstructionError fields, as sent (null when not sent).
      const b = body as Record<string, unknown>;
      expect(res.json).toMatchObject({
        error_detail: res.json.detail,
        import_supplier: s.ref.import_supplier,
        external_account_number: (b.external_account_number as string) ?? null,
      });
      expect(res.json.reference).toBe((b.reference ?? b.instruction_reference ?? null) as string | null);
    }
    expect(gc.state.requests).toHaveLength(0);
    const missing = await call(create, URL, { body: dd({ ...s.ref, external_account_number: "NOPE" }), auth: s.auth });
    expect(missing.status).toBe(404);
  });

  it("50 concurrent identical requests store one instruction", async () => {
    const s = await setup();
    gc.state.handler = mandate();
    // 50 requests at once on a busy two-core machine can keep the fake vendor's answer past the
    // 300 ms the timeout tests use; this test is about storing once, not about timeouts.
    setEnv({ PAYMENT_VENDOR_TIMEOUT_MS: "10000" });
    const all = await Promise.all(
      Array.from({ length: 50 }, () => call(create, URL, { body: dd(s.ref, md("0004CONC")), auth: s.auth })),
    ).finally(() => setEnv({ PAYMENT_VENDOR_TIMEOUT_MS: "300" }));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(await rowsOf(s.accountId)).toHaveLength(1);
  });

  it("replays production's LegacyPaymentInstruction: every Bottomline vendor is the bureau, the deprecated instruction_reference works, the optional settings are stored", async () => {
    const s = await setup();
    gc.state.handler = mandate();
    const vendors = ["BOTTOMLINE_GLOBAL_PAYMENTS_HUB", "BOTTOMLINE_PTX", "BOTTOMLINE_PTX_BATCHED"];
    const accounts = [s, await setup(), await setup()];
    for (const [i, vendor] of vendors.entries()) {
      const a = accounts[i];
      const body = legacyPaymentInstruction(a.ref, vendor, "DIRECT_DEBIT", md(`PROD${i}`));
      const res = await call(create, URL, {
        body: i === 1 ? { ...body, reference: undefined, instruction_reference: md(`PROD${i}`) } : body,
        auth: a.auth,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toEqual({
        account_number: a.account.accountNumber,
        kraken_account_number: a.account.accountNumber,
        reference: md(`PROD${i}`),
        platform_account_number: a.account.accountNumber,
      });
      const [row] = await rowsOf(a.accountId);
      expect(row).toMatchObject({
        vendor,
        type: "DIRECT_DEBIT",
        reference: md(`PROD${i}`),
        ledgerCode: "MAIN",
        useForScheduledPayments: true,
        validFrom: "2026-11-01",
      });
    }
    expect(gc.state.requests.map((r) => r.url)).toEqual(vendors.map((_, i) => `/mandates/${md(`PROD${i}`)}`));
    // A vendor's own settings win over the shared bureau's.
    const own = fakeVendor();
    setEnv({ PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_URL: await own.start() });
    setEnv({ PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_TOKEN: "own" });
    try {
      own.state.handler = mandate();
      const a = await setup();
      const res = await call(create, URL, {
        body: legacyPaymentInstruction(a.ref, "BOTTOMLINE_PTX_BATCHED", "DIRECT_DEBIT", md("OWN"), {
          ledger_code: undefined,
          use_for_scheduled_payments: null,
          valid_from: null,
        }),
        auth: a.auth,
      });
      expect(res.status).toBe(201);
      expect(own.state.requests).toEqual([
        { url: `/mandates/${md("OWN")}`, auth: "Bearer own", version: "2015-07-06" },
      ]);
      expect((await rowsOf(a.accountId))[0]).toMatchObject({
        ledgerCode: null,
        useForScheduledPayments: null,
        validFrom: null,
      });
    } finally {
      setEnv({ PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_URL: undefined });
      setEnv({ PAYMENT_VENDOR_BOTTOMLINE_PTX_BATCHED_TOKEN: undefined });
      await own.stop();
    }
    // STRIPE with production's fields.
    stripe.state.handler = paymentMethod();
    const c = await setup();
    const res = await call(create, URL, {
      body: legacyPaymentInstruction(c.ref, "STRIPE", "CARD", pm("prod")),
      auth: c.auth,
    });
    expect(res.status).toBe(201);
    expect(res.json.kraken_account_number).toBe(c.account.accountNumber);
  });
});
