import { accountBody, asOperator, asSupport, expect, test, unique } from "./support";

const STAGE = "/v1/data-import/account-import-process/create-or-update/";

test.describe("operator", () => {
  test.use(asOperator);

  test("pauses a supplier, a staging call is refused, resumes it and staging works again", async ({ page, seed, script, shot }) => {
    const code = seed.suppliers.toPause;
    await page.goto("/suppliers");
    await expect(page.getByTestId("user-role")).toHaveText("operator");
    await shot(page, "suppliers-operator");
    const row = page.getByRole("row").filter({ hasText: code });
    await row.getByRole("button", { name: "Pause" }).click();
    const dialog = page.getByRole("dialog", { name: `Pause ${code}?` });
    await expect(dialog).toContainText("import_supplier_migration_not_ongoing");
    await shot(page, "suppliers-pause-confirmation");
    await dialog.getByRole("button", { name: "Pause supplier" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText("Paused", { exact: true })).toBeVisible();

    const refused = await script.post(STAGE, { data: accountBody(code, unique("EXT")) });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).code).toBe("import_supplier_migration_not_ongoing");

    await row.getByRole("button", { name: "Resume" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Resume supplier" }).click();
    // The dialog (inside the row) shows "Paused → Ongoing" itself: wait for it to close first.
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(row.getByText("Ongoing", { exact: true })).toBeVisible();
    const accepted = await script.post(STAGE, { data: accountBody(code, unique("EXT")) });
    expect(accepted.status(), await accepted.text()).toBe(201);

    await page.goto(`/suppliers/${code}`);
    await expect(page.getByTestId("audit-trail")).toContainText("Paused");
    await expect(page.getByTestId("audit-trail").locator("li").first()).toContainText(seed.users.operator);
    await shot(page, "supplier-detail-operator");

    // The organisation's audit log says the same in words, newest first, filtered to this supplier.
    await page.goto("/audit");
    await page.getByLabel("Changed").selectOption("import_supplier");
    await page.getByLabel("Supplier code, key number or e-mail").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?kind=import_supplier&entity=${code}$`));
    const entries = page.getByRole("table", { name: "Audit log" }).locator("tbody tr");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText(/Status\s*Paused\s*→\s*Ongoing/);
    await expect(entries.nth(1)).toContainText(/Status\s*Ongoing\s*→\s*Paused/);
    await expect(entries.nth(2)).toContainText("Created with status Ongoing");
    await shot(page, "audit-log");
    await entries.nth(0).getByRole("link", { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/suppliers/${code}$`));
  });

  test("cancelling the confirmation changes nothing", async ({ page, seed }) => {
    await page.goto("/suppliers");
    const row = page.getByRole("row").filter({ hasText: seed.suppliers.forSupport });
    await row.getByRole("button", { name: "Complete" }).click();
    await expect(page.getByRole("dialog")).toContainText("cannot be undone");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: seed.suppliers.forSupport }).getByText("Ongoing", { exact: true })).toBeVisible();
  });
});

test.describe("support", () => {
  test.use(asSupport);

  test("sees no status control, and the procedure refuses the change", async ({ page, seed, shot }) => {
    await page.goto("/suppliers");
    await expect(page.getByTestId("user-role")).toHaveText("support");
    const row = page.getByRole("row").filter({ hasText: seed.suppliers.ongoing });
    await expect(row).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Pause|Resume|Complete)$/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "New supplier" })).toHaveCount(0);
    await shot(page, "suppliers-support");
    await page.goto(`/suppliers/${seed.suppliers.ongoing}`);
    await expect(page.getByText("Only operators can change it")).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Pause|Resume|Complete)$/ })).toHaveCount(0);
    await shot(page, "supplier-detail-support");

    // The same call the operator's button makes, sent with the support user's session.
    const res = await page.request.post("/api/trpc/supplier.setStatus", { data: { json: { code: seed.suppliers.ongoing, status: "Paused" } } });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.json.data.code).toBe("FORBIDDEN");
    await page.reload();
    await expect(page.getByTestId("supplier-status")).toHaveText("Ongoing");
  });
});
