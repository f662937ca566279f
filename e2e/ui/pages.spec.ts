import { asOperator, expect, test } from "./support";

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
      ["import-record", `/accounts/import/${account.importSupplier}/${account.externalAccountNumber}`, account.externalAccountNumber],
      ["events", "/events", "Event log"],
      ["event-catalogue", "/events/catalogue", "Event catalogue"],
      ["api-keys", "/api-keys", "API keys"],
      ["products", "/products", "Products"],
      ["api-reference", "/api-reference", "API reference"],
      ["audit", "/audit", "Audit log"],
    ];
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
    for (const [name, path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      await expect(page.locator(".alert-error")).toHaveCount(0);
      await shot(page, `page-${name}`);
    }
    expect(errors).toEqual([]);
  });

  test("the event log shows new events without a reload, and an envelope on demand", async ({ page, seed, script }) => {
    await page.goto("/events?type=data_import.");
    // The server runs the event relay when NATS_URL is set (CI sets it); otherwise events wait in the outbox.
    await expect(page.getByRole("status", { name: "Event delivery" })).toContainText(
      process.env.NATS_URL ? /Delivering to the event bus.*NATS JetStream, stream EVENTS/ : /No event relay is running.*waiting/,
      { timeout: 20_000 },
    );
    const rows = page.getByTestId("event-row");
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    const body = { import_supplier: seed.suppliers.ongoing, external_account_number: `NOPE-${Date.now()}`, dry_run: true };
    expect((await script.post("/v1/data-import/account-import-process/process/", { data: body })).status()).toBe(404);
    const staged = await script.post("/v1/data-import/account-import-process/process/", { data: { ...body, external_account_number: seed.accounts[0].externalAccountNumber } });
    expect(staged.status()).toBe(400);
    await expect(rows).toHaveCount(before + 1, { timeout: 15_000 });
    await rows.first().getByRole("button", { name: "Envelope" }).click();
    await expect(page.getByLabel("Envelope attributes")).toContainText('"specversion": "1.0"');
    await expect(page.getByLabel("Event payload")).toContainText(seed.accounts[0].externalAccountNumber);
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
});
