import type { APIRequestContext, Page } from "@playwright/test";
import { accountBody, asOperator, expect, londonDate, test, unique } from "./support";
import { env } from "@/server/env.mjs";

const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";

/** Stages and imports a fresh account through the REST API; its platform number. */
async function importAccount(
  script: APIRequestContext,
  supplier: string,
  external = unique("PG"),
  overrides: Record<string, unknown> = {},
) {
  const staged = await script.post(STAGE, { data: { ...accountBody(supplier, external), ...overrides } });
  expect(staged.status(), await staged.text()).toBe(201);
  const done = await script.post(PROCESS, { data: { import_supplier: supplier, external_account_number: external } });
  expect(done.status(), await done.text()).toBe(201);
  return { external, number: (await done.json()).account_number as string };
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
/** Posts transactions for an imported account the way a migration script does; all must be added. */
async function postTransactions(
  script: APIRequestContext,
  supplier: string,
  external: string,
  transactions: Record<string, unknown>[],
) {
  const res = await script.post("/v1/data-import/transactions/create/", {
    data: { import_supplier: supplier, external_account_number: external, transactions },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// Every console page, as an operator, saved under e2e/artifacts/ for people to look at.
test.describe("every page renders", () => {
  test.use(asOperator);

  test("screenshots of each page", async ({ page, seed, shot }) => {
    const account = seed.accounts[0];
    const pages: [string, string, RegExp | string][] = [
      ["suppliers", "/suppliers", "Import suppliers"],
      ["supplier-new", "/suppliers/new", "New import supplier"],
      ["supplier-detail", `/suppliers/${seed.suppliers.ongoing}`, seed.suppliers.ongoing],
      ["imports", `/suppliers/${seed.suppliers.ongoing}/imports`, "Account imports"],
      ["accounts-search", "/accounts", "Find an account"],
      ["account", `/accounts/${account.accountNumber}`, account.accountNumber],
      [
        "import-record",
        `/accounts/import/${account.importSupplier}/${account.externalAccountNumber}`,
        account.externalAccountNumber,
      ],
      ["events", "/events", "Event log"],
      ["event-catalogue", "/events/catalogue", "Event catalogue"],
      ["api-keys", "/api-keys", "API keys"],
      ["products", "/products", "Products"],
      ["api-reference", "/api-reference", "API reference"],
      ["audit", "/audit", "Audit log"],
    ];
    const errors: string[] = [];
    const missing: string[] = [];
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
    page.on("response", (r) => r.status() === 404 && missing.push(r.url()));
    for (const [name, path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      await expect(page.locator(".alert-error")).toHaveCount(0);
      await shot(page, `page-${name}`);
    }
    expect(errors).toEqual([]);
    // The console's icon is declared and served, so no page asks for a missing /favicon.ico.
    expect(missing).toEqual([]);
    const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect((await page.request.get(icon!)).headers()["content-type"]).toContain("image/svg+xml");
  });

  test("the event log shows new events without a reload, and an envelope on demand", async ({ page, seed, script }) => {
    await page.goto("/events?type=data_import.");
    // The server runs the event relay when NATS_URL is set (CI sets it); otherwise the events table is the log.
    await expect(page.getByRole("status", { name: "Event delivery" })).toContainText(
      env.NATS_URL
        ? /Delivering to the event bus.*NATS JetStream, stream EVENTS/
        : /Events are kept in the database.*No event bus is configured/,
      { timeout: 20_000 },
    );
    // Deployment advice (environment variables, commands) is for the docs, not for tenants.
    await expect(page.getByRole("status", { name: "Event delivery" })).not.toContainText(/NATS_URL|npm run/);
    await expect(page.getByRole("columnheader", { name: "Time (London)" })).toBeVisible();
    const rows = page.getByTestId("event-row");
    await expect(rows.first()).toBeVisible();
    // The page holds the newest 50, so a count of every event stops growing once the
    // organisation has more: count only the kind this test adds.
    await page.goto("/events?type=data_import.import_process.dry_run_error");
    await page.waitForLoadState("networkidle");
    const before = await rows.count();
    const body = {
      import_supplier: seed.suppliers.ongoing,
      external_account_number: `NOPE-${Date.now()}`,
      dry_run: true,
    };
    // Nothing staged is production's 400 import_process_does_not_exist, recorded like any refused dry run.
    const missing = await script.post(PROCESS, { data: body });
    expect([missing.status(), (await missing.json()).code]).toEqual([400, "import_process_does_not_exist"]);
    const staged = await script.post(PROCESS, {
      data: { ...body, external_account_number: seed.accounts[0].externalAccountNumber },
    });
    expect(staged.status()).toBe(400);
    await expect(rows).toHaveCount(before + 2, { timeout: 15_000 });
    await expect(rows.first()).toContainText("data_import.import_process.dry_run_error");
    await rows.first().getByRole("button", { name: "Envelope" }).click();
    await expect(page.getByLabel("Envelope attributes")).toContainText('"specversion": "1.0"');
    await expect(page.getByLabel("Event payload")).toContainText(seed.accounts[0].externalAccountNumber);
  });

  test("a failed refresh keeps the loaded events on screen and says the connection is lost", async ({ page, shot }) => {
    await page.goto("/events");
    const rows = page.getByTestId("event-row");
    await expect(rows.first()).toBeVisible();
    const shown = await rows.count();
    await page.route("**/api/trpc/**", (route) => route.abort("connectionfailed"));
    const note = page.getByTestId("stale-note");
    await expect(note).toHaveText(/Connection lost — retrying…/, { timeout: 15_000 });
    await expect(rows).toHaveCount(shown);
    await expect(page.locator(".alert-error")).toHaveCount(0);
    await shot(page, "events-connection-lost");
    await page.unroute("**/api/trpc/**");
    await expect(note).toHaveCount(0, { timeout: 20_000 });
    await expect(rows).toHaveCount(shown);
  });

  test("a reversed time range is named at the inputs, and times say their zone", async ({ page }) => {
    await page.goto("/events?from=2026-12-01T00:00&to=2026-11-01T00:00");
    await expect(page.getByLabel("From (London time)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Until (London time)")).toHaveAttribute("aria-invalid", "true");
    const message = "The range is reversed: “Until” is before “From”. Swap them, or change one.";
    await expect(page.getByLabel("Until (London time)")).toHaveAccessibleDescription(message);
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The time range is reversed" })).toBeVisible();
    // Applying it again is refused at the form; fixing it clears the message.
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/to=2026-11-01T00%3A00|to=2026-11-01T00:00/);
    await page.getByLabel("Until (London time)").fill("2026-12-31T00:00");
    await expect(page.getByText(message)).toHaveCount(0);
    await expect(page.getByLabel("Until (London time)")).not.toHaveAttribute("aria-invalid");
  });

  test("API keys: created key shown once, rolled, invalidated", async ({ page, shot }) => {
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByTestId("new-key");
    await expect(shown).toContainText("shown only this once");
    const key = (await shown.locator("code").textContent())!;
    expect(key).toMatch(/^sk_live_/);
    await shot(page, "api-keys-created");
    const prefix = key.slice(0, 12);
    const row = page.getByRole("row").filter({ hasText: prefix });
    await row.getByRole("button", { name: "Roll" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Roll key" }).click();
    await expect(shown).toContainText("Replacement key");
    await expect(row).toContainText("invalidated");
    await page.reload();
    await expect(page.getByText(key)).toHaveCount(0);
  });

  test("the audit log says what changed in words, with the recorded action beside it", async ({ page, seed }) => {
    await page.goto(`/audit?kind=import_supplier&entity=${seed.suppliers.ongoing}`);
    const created = page.getByRole("table", { name: "Audit log" }).locator("tbody tr").last();
    await expect(created).toContainText("Supplier created");
    await expect(created.locator("code", { hasText: "supplier.created" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "When (London)" })).toBeVisible();
    await expect(page.getByLabel("Exact supplier code, key number or e-mail")).toHaveValue(seed.suppliers.ongoing);
  });
});

test.describe("an account's record", () => {
  test.use(asOperator);

  test("the Events tab counts every event and pages back to account.created; the tab is in the URL", async ({
    page,
    seed,
    script,
    shot,
  }) => {
    const { external, number } = await importAccount(script, seed.suppliers.ongoing);
    const ref = { import_supplier: seed.suppliers.ongoing, external_account_number: external };
    // One post-import event per note: 4 from the import plus 60.
    const notes = Array.from({ length: 60 }, (_, i) => ({ body: `Call log ${i + 1}` }));
    expect((await script.post("/v1/data-import/notes/create/", { data: { ...ref, notes } })).status()).toBe(201);

    await page.goto(`/accounts/${number}?tab=events`);
    const tab = page.getByRole("tab", { name: /Events/ });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(tab).toHaveText("Events64");
    const rows = page.getByTestId("event-row");
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId("account-events")).toContainText("Showing 50 of 64, newest first");
    await page.getByRole("button", { name: "Older events" }).click();
    await expect(rows).toHaveCount(64);
    await expect(rows.last()).toContainText("account.created");
    await expect(page.getByRole("button", { name: "No older events" })).toBeDisabled();
    await shot(page, "account-events-paged");

    await page.reload();
    await expect(page.getByRole("tab", { name: /Events/ })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: /Notes/ }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${number}\\?tab=notes$`));
    await page.getByRole("tab", { name: /Overview/ }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${number}$`));
  });

  test("transactions show their direction, notes, payment type and reference", async ({ page, seed, script }) => {
    const { external, number } = await importAccount(script, seed.suppliers.ongoing);
    const day = londonDate(-1);
    await postTransactions(script, seed.suppliers.ongoing, external, [
      {
        transaction_id: `${external}-C`,
        transaction_date: day,
        amount: 42.17,
        type: "CHARGE",
        reason: "IMPORTED_CHARGE",
        display_note: "Balance carried over",
      },
      {
        transaction_id: `${external}-G`,
        transaction_date: day,
        amount: 10,
        type: "CREDIT",
        reason: "GENERAL_CREDIT",
        display_note: "Welcome credit",
        note: "Goodwill agreed on the phone",
      },
      {
        transaction_id: `${external}-P`,
        transaction_date: day,
        amount: 60,
        type: "PAYMENT",
        payment_type: "DD_REGULAR_COLLECTION",
        reference: "DD-REF-0042",
      },
    ]);
    await page.goto(`/accounts/${number}`);
    await page.getByRole("tab", { name: /Transactions/ }).click();
    await expect(page).toHaveURL(/\?tab=transactions$/);
    const table = page.getByTestId("transactions");
    const row = (id: string) => table.getByTestId("transaction-row").filter({ hasText: `${external}-${id}` });
    // One sign convention, stated on the page: a charge lowers the balance (−), a credit or payment raises it (+).
    await expect(table.getByTestId("sign-convention")).toContainText("a positive balance (+) means they are in credit");
    await expect(row("C")).toContainText("−£42.17");
    await expect(row("C")).toContainText("“Balance carried over”");
    await expect(row("G")).toContainText("+£10.00");
    await expect(row("P")).toContainText("+£60.00");
    await expect(row("P")).toContainText("Direct Debit (regular collection)");
    await expect(row("G")).toContainText("General credit");
    await row("P").getByRole("button", { name: "Details" }).click();
    await expect(table).toContainText("DD-REF-0042");
    await expect(table).toContainText("DD_REGULAR_COLLECTION");
    await row("G").getByRole("button", { name: "Details" }).click();
    await expect(table).toContainText("Goodwill agreed on the phone");
    await page.reload();
    await expect(page.getByRole("tab", { name: /Transactions/ })).toHaveAttribute("aria-selected", "true");
  });

  test("on a phone each transaction shows its type, signed amount and date under its id", async ({
    page,
    seed,
    script,
    shot,
  }) => {
    const { external, number } = await importAccount(script, seed.suppliers.ongoing);
    await postTransactions(script, seed.suppliers.ongoing, external, [
      {
        transaction_id: `${external}-A-LONG-TRANSACTION-ID`,
        transaction_date: londonDate(-1),
        amount: 60,
        type: "PAYMENT",
        payment_type: "DD_REGULAR_COLLECTION",
      },
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/accounts/${number}?tab=transactions`);
    const row = page.getByTestId("transaction-row").first();
    await row.scrollIntoViewIfNeeded();
    const meta = row.locator(".transaction-meta");
    await expect(meta).toBeVisible();
    await expect(meta).toHaveText(/^Payment · \+£60\.00 · \d{1,2} \w{3} \d{4}$/);
    await expect(meta).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("columnheader", { name: "Amount" })).toBeHidden();
    await expect(row.getByRole("button", { name: "Details" })).toBeInViewport();
    await shot(page, "phone-transactions");
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(meta).toBeHidden();
    await expect(page.getByRole("columnheader", { name: "Amount" })).toBeVisible();
  });

  test("a lowercase external account number finds the account", async ({ page, seed }) => {
    const account = seed.accounts[1];
    await page.goto(`/accounts?q=${encodeURIComponent(account.externalAccountNumber.toLowerCase())}`);
    await expect(page).toHaveURL(new RegExp(`/accounts/${account.accountNumber}$`));
  });
});

test.describe("missing records and pages", () => {
  test.use(asOperator);

  test("an unknown account or import record is a 404 with a way back", async ({ page, seed, shot }) => {
    const account = await page.goto("/accounts/A-00000000");
    expect(account?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No such account" })).toBeVisible();
    await expect(page).toHaveTitle(/not found/i);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
    await shot(page, "not-found-account");
    await page.getByRole("link", { name: "Find an account" }).click();
    await expect(page).toHaveURL(/\/accounts$/);

    const record = await page.goto(`/accounts/import/${seed.suppliers.ongoing}/NOPE`);
    expect(record?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No such import record" })).toBeVisible();
    expect((await page.goto("/accounts/not-a-number"))?.status()).toBe(404);
  });

  test("an unknown address gets the console's own 404 page", async ({ page, shot }) => {
    const res = await page.goto("/nonexistent");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found · Kraken Migrate");
    await shot(page, "not-found-page");
    await page.getByRole("link", { name: "Go to suppliers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import suppliers" })).toBeVisible();
  });
});

test.describe("long values", () => {
  test.use(asOperator);
  test.use({ viewport: { width: 1366, height: 900 } });

  test("a 57-character supplier code keeps the tables inside their cards and the actions in view", async ({
    page,
    script,
    shot,
  }) => {
    const code = `WIDE-${Date.now().toString(36).toUpperCase()}-`.padEnd(57, "X");
    const created = await page.request.post("/api/trpc/supplier.create", {
      data: { json: { code, name: `${code}-NAME`, documentRoot: "s3://wide/docs" } },
    });
    expect(created.status(), await created.text()).toBe(200);
    const billing = "Bartholomew Fortescue-Wolstenholme-Smythe Residential Lettings Partnership";
    const { number } = await importAccount(script, code, unique("WIDE"), { billing_name: billing });

    await page.goto("/suppliers");
    const row = page.getByRole("row").filter({ hasText: code });
    // Other tests add suppliers that sort before this one: the row may start below the fold.
    await row.scrollIntoViewIfNeeded();
    for (const name of ["Imports", "Pause", "Complete"])
      await expect(row.getByRole(name === "Imports" ? "link" : "button", { name })).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const shownCode = row.locator(".code");
    await shownCode.hover();
    await expect(shownCode).toHaveAttribute("title", code);
    await shot(page, "wide-suppliers");

    await page.goto("/audit");
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText("Supplier created");
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, "wide-audit");

    await page.goto(`/suppliers/${code}/imports`);
    const link = page.getByRole("link", { name: number });
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    // One line: the number is never broken at its hyphen.
    expect(box.height).toBeLessThan(24);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, "wide-imports");
  });

  test("catalogue versions stay visible beside long event types", async ({ page }) => {
    await page.goto("/events/catalogue");
    const buttons = page.getByRole("navigation", { name: "Event types" }).getByRole("button");
    await expect(buttons.first()).toBeVisible();
    const clipped = await buttons.evaluateAll(
      (els) =>
        els.filter((b) => {
          const badge = b.querySelector(".badge")!.getBoundingClientRect();
          return badge.right > b.getBoundingClientRect().right + 0.5;
        }).length,
    );
    expect(clipped).toBe(0);
  });
});

test.describe("on a phone", () => {
  test.use(asOperator);
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation sits behind a Menu button, and pages do not scroll sideways", async ({ page, shot }) => {
    await page.goto("/suppliers");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Event log" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Import suppliers" })).toBeInViewport();
    await shot(page, "phone-suppliers");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "Event log" })).toBeVisible();
    await shot(page, "phone-menu-open");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await menu.click();
    await page.getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

    for (const path of [
      "/suppliers",
      "/audit",
      "/api-keys",
      "/events",
      "/accounts",
      "/events/catalogue",
      "/products",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await sideways(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto("/api-keys");
    const active = page
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: "Roll" }) })
      .first();
    await expect(active.getByRole("button", { name: "Roll" })).toBeInViewport();
    await expect(active.getByRole("button", { name: "Invalidate" })).toBeInViewport();
    await shot(page, "phone-api-keys");
  });
});
