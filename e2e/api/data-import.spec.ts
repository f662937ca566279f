import { type APIRequestContext, expect, test } from "@playwright/test";
import { readSeed } from "../global-setup";

// Runs against the production build: GraphQL token, then every data-import endpoint.
const seed = readSeed();
const run = Date.now().toString(36).toUpperCase();
const today = new Date().toISOString().slice(0, 10);
// Well before any seeded account's open statement period.
const early = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);

async function token(request: APIRequestContext): Promise<string> {
  const res = await request.post("/v1/graphql/", {
    data: {
      query:
        "mutation($k: String!) { obtainKrakenToken(input: {APIKey: $k}) { token payload refreshToken refreshExpiresIn } }",
      variables: { k: seed.apiKey },
    },
  });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data.obtainKrakenToken.token;
}

test.describe("data-import API", () => {
  let auth: Record<string, string>;
  const account = seed.accounts[0];
  const ref = { import_supplier: account.importSupplier, external_account_number: account.externalAccountNumber };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL });
    auth = { authorization: `Token ${await token(ctx)}` };
    await ctx.dispose();
  });

  test("GraphQL errors carry the platform's error codes", async ({ request }) => {
    const res = await request.post("/v1/graphql/", {
      data: { query: 'mutation { obtainKrakenToken(input: {APIKey: "sk_live_wrongwrongwrongwrong"}) { token } }' },
    });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.errors[0].extensions).toMatchObject({ errorCode: "KT-CT-1139", errorType: "VALIDATION" });
  });

  test("every data-import route answers 401 without credentials", async ({ request }) => {
    for (const path of [
      "notes/create/",
      "transactions/create/",
      "historical-statements/create/",
      "payment-instruction/create/",
      `send-registration-flows/${ref.import_supplier}/${ref.external_account_number}/`,
    ]) {
      const res = await request.post(`/v1/data-import/${path}`, { data: {} });
      expect(res.status(), path).toBe(401);
      expect(await res.json()).toMatchObject({ code: "authentication_required", errors: [] });
    }
  });

  test("notes: production's AccountNote; CreateAccountNotesResponse in order, then NOTE_ALREADY_EXISTS on resend (external_id is the key; account_number finds the account)", async ({
    request,
  }) => {
    const data = {
      ...ref,
      notes: [
        { body: `e2e note ${run}`, external_id: `N-${run}`, is_archived: true, created_at: "2026-10-02T09:15:00Z" },
        { body: `pinned ${run}`, is_pinned: true, unpin_at: "2099-01-01T00:00:00Z" },
      ],
    };
    const first = await request.post("/v1/data-import/notes/create/", { headers: auth, data });
    expect(first.status()).toBe(201);
    const created = await first.json();
    expect(created.map((n: { status: string }) => n.status)).toEqual([
      "NOTE_CREATION_SUCCESS",
      "NOTE_CREATION_SUCCESS",
    ]);
    expect(created[0]).toEqual({
      body: `e2e note ${run}`,
      created_at: "2026-10-02T09:15:00Z",
      document_paths: [],
      external_id: `N-${run}`,
      is_archived: true,
      is_pinned: false,
      unpin_at: null,
      status: "NOTE_CREATION_SUCCESS",
    });
    // external_id is production's key: a changed body under it is the note already there.
    const again = await request.post("/v1/data-import/notes/create/", {
      headers: auth,
      data: { ...data, notes: [{ ...data.notes[0], body: "edited" }, data.notes[1]] },
    });
    expect((await again.json()).map((n: { status: string; body: string }) => [n.status, n.body])).toEqual([
      ["NOTE_ALREADY_EXISTS", `e2e note ${run}`],
      ["NOTE_ALREADY_EXISTS", `pinned ${run}`],
    ]);
    // The deprecated account_number finds the same account.
    const byNumber = await request.post("/v1/data-import/notes/create/", {
      headers: auth,
      data: { import_supplier: ref.import_supplier, account_number: account.accountNumber, notes: [data.notes[1]] },
    });
    expect((await byNumber.json())[0].status).toBe("NOTE_ALREADY_EXISTS");
  });

  test("transactions: production's five types (supply charge without reason, string amounts, a reversal), a moved date, dry run, resend skipped, bad item 400", async ({
    request,
  }) => {
    const transactions = [
      {
        transaction_id: `${run}-1`,
        transaction_date: today,
        amount: "10.5",
        type: "CHARGE",
        reason: "BALANCE_TRANSFER",
        reference: "LEGACY-1",
      },
      { transaction_id: `${run}-2`, transaction_date: early, amount: 3.2, type: "CREDIT", reason: "GOODWILL_PAYMENT" },
      {
        transaction_id: `${run}-3`,
        transaction_date: today,
        amount: "50.00",
        type: "PAYMENT",
        reason: "REGULAR_SCHEDULE",
        payment_type: "DD_FIRST_COLLECTION",
      },
      { transaction_id: `${run}-4`, transaction_date: today, amount: 0.01, type: "REPAYMENT", payment_type: "BACS" },
      {
        transaction_id: `${run}-5`,
        transaction_date: today,
        amount: "123.45",
        type: "SUPPLY_CHARGE",
        product_code: "VAR-22-11-01",
        supply_point_identifier: account.mpan,
        line_items: [
          {
            rate_band: "CONSUMPTION_STANDARD",
            start_date: early,
            end_date: today,
            number_of_units: "400.5",
            net_amount: "117.57",
            price_per_unit: "0.29356",
            units: ["100", "500.5"],
          },
        ],
        tax_items: [{ amount: "5.88", tax_type: "VAT", value_taxed: "117.57", rate: "0.05", unit_type: "PROPORTION" }],
      },
      {
        transaction_id: `${run}-6`,
        transaction_date: today,
        amount: "-10.5",
        type: "CHARGE",
        reason: "REVERSED_ACCOUNT_CREDIT",
      },
    ];
    const dry = await request.post("/v1/data-import/transactions/create/", {
      headers: auth,
      data: { ...ref, dry_run: true, transactions },
    });
    expect(dry.status()).toBe(200);
    expect(
      (await dry.json()).results.map((r: { status: string; added_transaction_id?: number }) => [
        r.status,
        r.added_transaction_id,
      ]),
    ).toEqual(Array(6).fill(["TRANSACTION_ADDED_TO_ACCOUNT", undefined]));
    const res = await request.post("/v1/data-import/transactions/create/", {
      headers: { ...auth, "accept-encoding": "gzip" },
      data: { ...ref, transactions },
    });
    expect(res.status()).toBe(201);
    // A write's echo is sent as is (no-transform): no larger than the request, not worth the server's gzip.
    expect(res.headers()["cache-control"]).toBe("no-store, no-transform");
    expect(res.headers()["content-encoding"]).toBeUndefined();
    const { results } = await res.json();
    expect(results.map((r: { status: string }) => r.status)).toEqual(Array(6).fill("TRANSACTION_ADDED_TO_ACCOUNT"));
    expect(results.every((r: { added_transaction_id: unknown }) => Number.isInteger(r.added_transaction_id))).toBe(
      true,
    );
    expect(results.map((r: { transaction_data: { amount: string } }) => r.transaction_data.amount)).toEqual([
      "10.50",
      "3.20",
      "50.00",
      "0.01",
      "123.45",
      "-10.50",
    ]);
    expect(results[1]).toMatchObject({
      transaction_data: { transaction_date: early },
      description: expect.stringContaining(`moved from ${early}`),
    });
    expect(results[1].moved_to_date > early && results[1].moved_to_date <= today).toBe(true);
    const again = await request.post("/v1/data-import/transactions/create/", {
      headers: auth,
      data: { ...ref, transactions },
    });
    expect(
      (await again.json()).results.map((r: { status: string; added_transaction_id: number }) => [
        r.status,
        r.added_transaction_id,
      ]),
    ).toEqual(
      results.map((r: { added_transaction_id: number }) => ["TRANSACTION_ALREADY_EXISTS", r.added_transaction_id]),
    );
    const strict = await request.post("/v1/data-import/transactions/create/?force_add_to_current_statement=false", {
      headers: auth,
      data: { ...ref, transactions: [{ ...transactions[1], transaction_id: `${run}-7` }] },
    });
    expect(strict.status()).toBe(400);
    expect(await strict.json()).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "transaction_outside_open_statement_period",
    });
    const bad = await request.post("/v1/data-import/transactions/create/", {
      headers: auth,
      data: { ...ref, transactions: [{ ...transactions[4], transaction_id: `${run}-8`, reason: "IMPORTED_CHARGE" }] },
    });
    expect(await bad.json()).toMatchObject({
      status: "TRANSACTION_IMPORT_ERROR",
      code: "unknown_field",
      errors: [{ attr: "transactions.0.reason" }],
    });
    const mismatch = await request.post("/v1/data-import/transactions/create/", {
      headers: auth,
      data: { ...ref, transactions: [{ ...transactions[4], transaction_id: `${run}-9`, amount: "123.46" }] },
    });
    expect(await mismatch.json()).toMatchObject({
      code: "ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount",
      errors: [{ attr: "transactions.0.amount" }],
    });
  });

  test("historical statements: production's Statement, gross_amount an integer in pence both ways; resend refused", async ({
    request,
  }) => {
    const data = {
      ...ref,
      statements: [
        {
          bill_period_from_date: "2026-01-01",
          bill_period_to_date: "2026-01-31",
          statement_id: `ST-${run}`,
          issued_date: null,
          number: "INV-1",
          gross_amount: 8430,
        },
      ],
    };
    const first = await request.post("/v1/data-import/historical-statements/create/", { headers: auth, data });
    expect(first.status()).toBe(201);
    expect(await first.json()).toEqual(data);
    const again = await request.post("/v1/data-import/historical-statements/create/", { headers: auth, data });
    expect(again.status()).toBe(400);
    expect((await again.json()).code).toBe("historical_statement_already_exists");
    const pounds = await request.post("/v1/data-import/historical-statements/create/", {
      headers: auth,
      data: { ...ref, statements: [{ ...data.statements[0], statement_id: `ST-${run}-2`, gross_amount: 84.3 }] },
    });
    expect(await pounds.json()).toMatchObject({
      code: "invalid_integer",
      errors: [{ attr: "statements.0.gross_amount" }],
    });
  });

  test("payment instruction: production's vendors and error fields; unknown account", async ({ request }) => {
    const bad = await request.post("/v1/data-import/payment-instruction/create/", {
      headers: auth,
      data: { ...ref, vendor: "GOCARDLESS", reference: "x", type: "DIRECT_DEBIT" },
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "invalid_choice",
      errors: [{ attr: "vendor", code: "invalid_choice" }],
      error_detail: expect.any(String),
      external_account_number: ref.external_account_number,
      import_supplier: ref.import_supplier,
      reference: "x",
    });
    const both = await request.post("/v1/data-import/payment-instruction/create/", {
      headers: auth,
      data: { ...ref, vendor: "BOTTOMLINE_PTX", reference: "MD1", instruction_reference: "MD1", type: "DIRECT_DEBIT" },
    });
    expect(await both.json()).toMatchObject({
      code: "mutually_exclusive_field_required",
      errors: [{ attr: "instruction_reference" }],
    });
    const missing = await request.post("/v1/data-import/payment-instruction/create/", {
      headers: auth,
      data: {
        ...ref,
        external_account_number: `NOPE-${run}`,
        vendor: "BOTTOMLINE_GLOBAL_PAYMENTS_HUB",
        reference: "MD0001",
        type: "DIRECT_DEBIT",
        use_for_scheduled_payments: null,
        valid_from: null,
      },
    });
    expect(missing.status()).toBe(404);
  });

  test("registration flows: 200 per meter point; 404 array for an unknown account", async ({ request }) => {
    const acc = seed.accounts[seed.accounts.length - 1];
    const res = await request.post(
      `/v1/data-import/send-registration-flows/${acc.importSupplier}/${acc.externalAccountNumber}/`,
      { headers: auth },
    );
    expect(res.status()).toBe(200);
    const [result] = await res.json();
    expect(result.meter_points.map((m: { mpxn: string }) => m.mpxn).sort()).toEqual([acc.mpan, acc.mprn].sort());
    const unknown = await request.post(`/v1/data-import/send-registration-flows/${acc.importSupplier}/NOPE-${run}/`, {
      headers: auth,
    });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual([
      {
        error_detail: expect.any(String),
        import_supplier_code: acc.importSupplier,
        external_account_number: `NOPE-${run}`,
      },
    ]);
  });

  test("openapi.json documents the data-import routes", async ({ request }) => {
    const res = await request.get("/v1/openapi.json");
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/data-import/notes/create/", "/v1/data-import/transactions/create/", "/v1/graphql/"]),
    );
  });
});
