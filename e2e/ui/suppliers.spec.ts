import type { APIRequestContext, Page } from "@playwright/test";
import { accountBody, asOperator, asSupport, expect, londonDate, test, unique, uploadJob, waitForJob } from "./support";

const STAGE = "/v1/data-import/account-import-process/create-or-update/";

/** A tRPC mutation with the page's session: what another tab of the console would do. */
async function trpc(page: Page, path: string, input: unknown) {
  const res = await page.request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data.json;
}

async function newSupplier(page: Page, opts: { name?: string; sendAutomatedEmails?: boolean } = {}) {
  const code = unique("E2E");
  await trpc(page, "supplier.create", { code, documentRoot: "s3://e2e/docs", ...opts });
  return code;
}

/** Stages accounts with the organisation's script, each with its own meter points. */
async function stage(script: APIRequestContext, code: string, count: number): Promise<string[]> {
  const externals: string[] = [];
  for (let i = 0; i < count; i++) {
    const external = `${code}-${String(i + 1).padStart(2, "0")}`;
    // accountBody's default: fresh meter points (the MPRN here once repeated across accounts).
    const res = await script.post(STAGE, { data: accountBody(code, external) });
    expect(res.status(), await res.text()).toBe(201);
    externals.push(external);
  }
  return externals;
}

function csv(rows: Record<string, string>[]): string {
  const cols = Object.keys(rows[0]);
  return [cols.join(","), ...rows.map((r) => cols.map((c) => `"${(r[c] ?? "").replace(/"/g, '""')}"`).join(","))].join(
    "\n",
  );
}

test.describe("operator", () => {
  test.use(asOperator);

  test("pauses a supplier, a staging call is refused, resumes it and staging works again", async ({
    page,
    seed,
    script,
    shot,
  }) => {
    const code = seed.suppliers.toPause;
    await page.goto("/suppliers");
    await expect(page.getByTestId("user-role")).toHaveText("operator");
    await shot(page, "suppliers-operator");
    const row = page.getByRole("row").filter({ hasText: code });
    await row.getByRole("button", { name: "Pause" }).click();
    const dialog = page.getByRole("dialog", { name: `Pause ${code}?` });
    // In words: the API's error code means nothing to the person pausing.
    await expect(dialog).toContainText("Migration scripts' staging and import calls for this supplier are refused");
    await expect(dialog).not.toContainText("import_supplier_migration_not_ongoing");
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
    await expect(
      page.getByRole("row").filter({ hasText: seed.suppliers.forSupport }).getByText("Ongoing", { exact: true }),
    ).toBeVisible();
  });
});

test.describe("operator: errors, confirmations and stale screens", () => {
  test.use(asOperator);

  test("a refused form says how many fields need attention and what is wrong with each, never raw JSON", async ({
    page,
    shot,
  }) => {
    await page.goto("/suppliers/new");
    await page.getByLabel("Document root").fill("");
    await page.getByRole("button", { name: "Create supplier" }).click();
    const summary = page.getByTestId("form-error");
    // A blank document root is no error: the supplier gets the organisation's own folder.
    await expect(summary).toContainText("1 field needs attention.");
    await expect(summary).toContainText("Correct the highlighted fields and try again.");
    await expect(summary).not.toContainText(/origin|invalid_format|\[|\{/);
    await expect(page.getByText("Enter a code.")).toBeVisible();
    await expect(page.getByText("Enter a document root.")).toHaveCount(0);
    await expect(page.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
    await shot(page, "supplier-new-empty-errors");

    await page.getByLabel("Code").fill("bad code!");
    await page.getByLabel("Document root").fill("http://x");
    await page.getByRole("button", { name: "Create supplier" }).click();
    await expect(page.getByText("Use letters, digits, '-' and '_' only (at most 64 characters).")).toBeVisible();
    await expect(page.getByText("Use an s3://bucket/prefix or file:///path location.")).toBeVisible();
    await expect(summary).toContainText("2 fields need attention.");
    await expect(summary).not.toContainText("[");

    await page.getByLabel("Code").fill(unique("OK"));
    await page.getByRole("button", { name: "Create supplier" }).click();
    await expect(summary).toContainText("1 field needs attention.");
    await shot(page, "supplier-new-one-error");
  });

  test("a blank name resets the name to the code, and the heading shows name and code", async ({ page, shot }) => {
    const code = await newSupplier(page, { name: "Spring cohort" });
    await page.goto(`/suppliers/${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Spring cohort ${code}`);
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(code);
    await expect(page.getByTestId("audit-trail").locator("li").first()).toContainText(
      `name from Spring cohort to ${code}`,
    );
    await page.reload();
    await expect(page.getByLabel("Name")).toHaveValue(code);
    await shot(page, "supplier-name-reset");
  });

  test("a status change refused because another tab changed it shows why in the dialog, then the current status", async ({
    page,
    shot,
  }) => {
    const code = await newSupplier(page);
    await page.goto(`/suppliers/${code}`);
    await expect(page.getByTestId("supplier-status")).toHaveText("Ongoing");
    await trpc(page, "supplier.setStatus", { code, status: "Complete" });

    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Pause ${code}?` });
    await dialog.getByRole("button", { name: "Pause supplier" }).click();
    const error = dialog.getByRole("alert");
    await expect(error).toContainText("Cannot change status from Complete to Paused.");
    await expect(error).toContainText("Its status has changed");
    await expect(error).toContainText("Someone changed it meanwhile, perhaps in another tab");
    await expect(error).not.toContainText("go back to the list");
    await expect(dialog.getByRole("button", { name: "Pause supplier" })).toBeDisabled();
    await shot(page, "supplier-status-refused");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("supplier-status")).toHaveText("Complete");
    await expect(page.getByRole("button", { name: /^(Pause|Complete|Resume)$/ })).toHaveCount(0);
    await expect(page.getByText("Final status")).toBeVisible();
  });

  test("completing says how many staged accounts will never be imported", async ({ page, script, shot }) => {
    const code = await newSupplier(page);
    await stage(script, code, 2);
    await page.goto(`/suppliers?q=${code}`);
    await page.getByRole("row").filter({ hasText: code }).getByRole("button", { name: "Complete" }).click();
    const dialog = page.getByRole("dialog", { name: `Complete ${code}?` });
    await expect(dialog.getByTestId("complete-staged")).toHaveText(
      "2 accounts are still staged and will never be imported.",
    );
    // The dialog opens from a table row (a nowrap cell): its text must still wrap inside it.
    const box = (await dialog.boundingBox())!;
    const text = (await dialog.getByText("no more accounts are expected").boundingBox())!;
    expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width);
    await shot(page, "suppliers-complete-confirmation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a paused or complete supplier's imports page switches upload and import off, and says why per status", async ({
    page,
    seed,
    shot,
  }) => {
    await page.goto(`/suppliers/${seed.suppliers.complete}/imports`);
    await expect(
      page.getByText(`${seed.suppliers.complete} is Complete: its migration is finished`).first(),
    ).toBeVisible();
    await expect(page.getByText("until an operator resumes it")).toHaveCount(0);
    await expect(page.getByLabel("Accounts file")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Upload and import" })).toBeDisabled();
    await shot(page, "imports-complete");

    const code = await newSupplier(page);
    await trpc(page, "supplier.setStatus", { code, status: "Paused" });
    await page.goto(`/suppliers/${code}/imports`);
    await expect(
      page.getByText(`${code} is Paused: staging and importing are refused until an operator resumes it`).first(),
    ).toBeVisible();
    // A job uploaded meanwhile waits and carries on by itself once the supplier is Ongoing.
    await expect(page.getByText("Jobs wait meanwhile and carry on by themselves once it is Ongoing.")).toBeVisible();
    await expect(page.getByLabel("Accounts file")).toBeEnabled();
  });

  test("CSV errors name the column in words, once, on the column the user filled", async ({ page, shot }) => {
    test.setTimeout(180_000);
    const code = await newSupplier(page);
    await page.goto(`/suppliers/${code}/imports`);
    const row = (over: Record<string, string>) => ({
      external_account_number: unique("CSV"),
      billing_name: "Mary Somerville",
      billing_address1: "1 Station Road",
      billing_postcode: "YO1 7HH",
      customer_given_name: "Mary",
      customer_family_name: "Somerville",
      supply_address1: "",
      supply_postcode: "",
      customer_at_supply_address_from_date: "2025-01-01",
      last_billed_to_date: londonDate(-20),
      ...over,
    });
    const file = csv([row({ external_account_number: "" }), row({ billing_postcode: "NOT A POSTCODE" })]);
    await uploadJob(page, code, "accounts.csv", file, { goto: false });
    await waitForJob(page, 2);
    await expect(page.getByTestId("job-counts")).toContainText("0 imported");
    await page.getByRole("button", { name: "Show all failed rows" }).click();
    const errors = page.getByTestId("failed-rows");
    await expect(errors).toContainText("external_account_number is required.");
    await expect(errors).not.toContainText("Invalid input");
    const postcodeRows = errors
      .getByRole("row")
      .filter({ hasText: "'NOT A POSTCODE' is not a UK postcode: it is too long" });
    await expect(postcodeRows).toHaveCount(1);
    await expect(postcodeRows.getByRole("cell").nth(2)).toHaveText("billing_postcode");
    await expect(errors).not.toContainText("supply_postcode");
    // The column name breaks only after "_": "billing_" then "postcode", never "billing_pos" / "tcode".
    const lines = await postcodeRows
      .getByRole("cell")
      .nth(2)
      .locator("span")
      .evaluate((el) => {
        const range = document.createRange();
        const text = el.textContent ?? "";
        const tops = new Map<number, string>();
        const node = [...el.childNodes].flatMap((n) => (n.nodeType === 3 ? [n] : []));
        let offset = 0;
        for (const n of node) {
          for (let i = 0; i < (n.textContent ?? "").length; i++) {
            range.setStart(n, i);
            range.setEnd(n, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            tops.set(top, (tops.get(top) ?? "") + text[offset + i]);
          }
          offset += (n.textContent ?? "").length;
        }
        return [...tops.values()];
      });
    for (const line of lines) expect(["billing_postcode", "billing_", "postcode"]).toContain(line);
    await shot(page, "imports-csv-errors");
  });

  test("filters, sort and page live in the URL: reload and Back keep them", async ({ page, script }) => {
    const code = await newSupplier(page);
    await stage(script, code, 26);
    await page.goto(`/suppliers/${code}/imports`);
    const table = page.getByRole("table", { name: "Staged and imported accounts" });
    const pager = page.getByTestId("imports-pager");
    await expect(pager).toHaveText("Page 1 of 2 · 26 accounts");

    await table.getByRole("button", { name: /External number/ }).click();
    await expect(page).toHaveURL(/sort=external_account_number&dir=asc/);
    await expect(table.locator("tbody tr").first()).toContainText(`${code}-01`);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/after=.*page=2/);
    await expect(pager).toHaveText("Page 2 of 2 · 26 accounts");
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr").first()).toContainText(`${code}-26`);
    await page.reload();
    await expect(pager).toHaveText("Page 2 of 2 · 26 accounts");
    await expect(table.locator("tbody tr").first()).toContainText(`${code}-26`);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(pager).toHaveText("Page 1 of 2 · 26 accounts");
    await expect(table.locator("tbody tr").first()).toContainText(`${code}-01`);
    await page.goBack();
    await expect(pager).toHaveText("Page 2 of 2 · 26 accounts");

    await page.getByLabel("External number starts with").fill(`${code}-1`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${code}-1`));
    await expect(page).not.toHaveURL(/after=/);
    await expect(pager).toHaveText("Page 1 of 1 · 10 accounts");
    await page.getByLabel("Status").selectOption("imported");
    await expect(page).toHaveURL(/status=imported/);
    await expect(page.getByText("No account matches these filters")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Status")).toHaveValue("imported");
    await expect(page.getByLabel("External number starts with")).toHaveValue(`${code}-1`);
    await page.goBack();
    await expect(page.getByLabel("Status")).toHaveValue("");
    await expect(pager).toHaveText("Page 1 of 1 · 10 accounts");

    await page.goto("/suppliers");
    await page.getByLabel("Search").fill(code);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByLabel("Status", { exact: true }).selectOption("Ongoing");
    await expect(page).toHaveURL(new RegExp(`/suppliers\\?q=${code}&status=Ongoing$`));
    await page.reload();
    await expect(page.getByLabel("Search")).toHaveValue(code);
    await expect(page.getByRole("table", { name: "Import suppliers" }).locator("tbody tr")).toHaveCount(1);
    await page
      .getByRole("table", { name: "Import suppliers" })
      .getByRole("button", { name: /Staged/ })
      .click();
    await expect(page).toHaveURL(/sort=staged/);
    await page.reload();
    await expect(page.getByRole("columnheader", { name: /Staged/ })).toHaveAttribute(
      "aria-sort",
      /ascending|descending/,
    );
  });

  test("the imports page says what is waiting now apart from what was staged over 30 days, on round axis ticks", async ({
    page,
    seed,
    shot,
  }) => {
    await page.goto(`/suppliers/${seed.suppliers.ongoing}/imports`);
    await expect(page.getByTestId("import-counts")).toContainText(
      /Now: \d+ accounts? staged and waiting to be imported/,
    );
    await expect(page.locator("#chart-summary")).toHaveText(
      /^\d+ staged, \d+ imported, \d+ failed in the last 30 days$/,
    );
    // The chart is drawn once its width is measured, after the caption: wait for its axis.
    await expect(page.locator("figure.chart svg > g text").first()).toBeVisible();
    const ticks = await page.locator("figure.chart svg > g text").allTextContents();
    expect(ticks[0]).toBe("0");
    const steps = ticks.map((t) => Number(t.replace(/,/g, "")));
    expect(new Set(steps.slice(1).map((v, i) => v - steps[i])).size).toBe(1);
    await shot(page, "imports-header-chart");
  });
});

test.describe("operator: API keys", () => {
  test.use(asOperator);

  test("a key used only through tokens shows when it was last used", async ({ page }) => {
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create API key" }).click();
    const key = (await page.getByTestId("new-key").locator("code").textContent())!;
    const row = page.getByRole("row").filter({ hasText: key.slice(0, 12) });
    await expect(row).toContainText("never");
    const res = await page.request.post("/v1/graphql/", {
      data: { query: `mutation { obtainKrakenToken(input: {APIKey: "${key}"}) { token } }` },
    });
    expect((await res.json()).data.obtainKrakenToken.token).toBeTruthy();
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: key.slice(0, 12) })).toContainText("just now");
  });

  test("rolling a key another tab invalidated says so in the dialog, then shows it invalidated", async ({
    page,
    shot,
  }) => {
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create API key" }).click();
    const key = (await page.getByTestId("new-key").locator("code").textContent())!;
    const row = page.getByRole("row").filter({ hasText: key.slice(0, 12) });
    await expect(row.getByText("active")).toBeVisible();
    const keys: { id: number; prefix: string }[] = await (
      await page.request.get(`/api/trpc/apiKey.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`)
    )
      .json()
      .then((b) => b.result.data.json);
    await trpc(page, "apiKey.invalidate", { keyId: keys.find((k) => key.startsWith(k.prefix))!.id });

    await row.getByRole("button", { name: "Roll" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Roll key" }).click();
    const error = dialog.getByTestId("key-dialog-error");
    await expect(error).toContainText("This key is no longer active");
    await expect(error).toContainText("already rolled or invalidated, perhaps in another tab");
    await expect(error).not.toContainText("Check the code or number");
    await expect(dialog.getByRole("button", { name: "Roll key" })).toBeDisabled();
    await shot(page, "api-keys-roll-refused");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("invalidated");
    await expect(row.getByRole("button", { name: "Roll" })).toHaveCount(0);
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
    const res = await page.request.post("/api/trpc/supplier.setStatus", {
      data: { json: { code: seed.suppliers.ongoing, status: "Paused" } },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.json.data.code).toBe("FORBIDDEN");
    await page.reload();
    await expect(page.getByTestId("supplier-status")).toHaveText("Ongoing");
  });
});
