import type { Page } from "@playwright/test";
import { accountBody, asOperator, asSupport, expect, test, unique } from "./support";

/** How far the page scrolls sideways (0 when it fits the viewport). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe("API reference", () => {
  test.use(asSupport);

  test("on a phone the longest endpoint path wraps instead of widening the page", async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/api-reference");
    const longest = page.locator("summary .mono", { hasText: "/v1/data-import/send-registration-flows/" });
    await expect(longest).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const box = (await longest.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shot(page, "phone-api-reference");
  });

  test("shows the GraphQL schema, the same SDL as /v1/graphql/schema.graphql, with production's type names", async ({
    page,
    request,
  }) => {
    await page.goto("/api-reference");
    const sdl = page.getByRole("region", { name: "GraphQL schema (SDL)" });
    for (const name of [
      "interface TariffType",
      "union ElectricityTariffType",
      "smartMeterTelemetry(",
      "octoplusAccountInfo(",
    ])
      await expect(sdl).toContainText(name);
    const published = await request.get("/v1/graphql/schema.graphql");
    expect(published.status()).toBe(200);
    expect((await sdl.innerText()).trim()).toBe((await published.text()).trim());
    await expect(page.getByRole("link", { name: "/v1/graphql/schema.graphql" })).toHaveAttribute(
      "href",
      "/v1/graphql/schema.graphql",
    );
  });

  test("a search that matches no endpoint says so", async ({ page }) => {
    await page.goto("/api-reference");
    await page.getByLabel("Search endpoints").fill("no-such-endpoint-zz");
    await expect(page.getByRole("status")).toContainText("No endpoint matches “no-such-endpoint-zz”");
    await page.getByLabel("Search endpoints").fill("notes");
    await expect(page.getByText("No endpoint matches")).toHaveCount(0);
    await expect(page.locator("summary", { hasText: "/v1/data-import/notes/create/" })).toBeVisible();
  });
});

test.describe("imports chart", () => {
  test.use(asSupport);

  test("on a phone its axis labels are drawn at a readable size, not shrunk to fit", async ({ page, seed, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/suppliers/${seed.suppliers.ongoing}/imports`);
    const labels = page.locator("figure.chart svg text");
    await expect(labels.first()).toBeVisible();
    // The rendered height of a label's glyphs, in CSS pixels: 11 px text scaled to 390 px was 4.
    const heights = await labels.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(9);
    // Date labels along the axis do not overlap one another.
    const dates = await page
      .locator("figure.chart svg > text")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right]));
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < dates.length; i++) expect(dates[i][0]).toBeGreaterThan(dates[i - 1][1]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, "phone-imports-chart");
  });
});

test.describe("audit log", () => {
  test.use(asOperator);

  test("a long unbroken value in a change wraps inside the card instead of running off it", async ({ page, shot }) => {
    const code = unique("LONG");
    await page.goto("/suppliers/new");
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("Name").fill(`Cohort-${"x".repeat(90)}`);
    await page.getByLabel("Document root").fill("s3://bucket/long");
    await page.getByRole("button", { name: "Create supplier" }).click();
    await expect(page).toHaveURL(new RegExp(`/suppliers/${code}$`));
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/audit?kind=import_supplier&entity=${code}`);
    const change = page.locator("td.audit-change", { hasText: "Changed name" });
    await expect(change).toBeVisible();
    const wrap = page.locator(".table-wrap").first();
    // The table fits its container: nothing to scroll to, so the change is read whole.
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const cell = (await change.boundingBox())!;
    const card = (await wrap.boundingBox())!;
    expect(cell.x + cell.width).toBeLessThanOrEqual(card.x + card.width + 1);
    await shot(page, "audit-long-change");
  });
});

test.describe("API keys", () => {
  test.use(asOperator);

  test("each key shows the number the audit log names it by, linking to its history", async ({ page }) => {
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create API key" }).click();
    const key = (await page.getByTestId("new-key").locator("code").textContent())!;
    const row = page.getByRole("row").filter({ hasText: key.slice(0, 12) });
    const link = row.getByRole("link", { name: /^Key \d+$/ });
    await expect(link).toBeVisible();
    const number = (await link.textContent())!.replace("Key ", "");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?kind=api_key&entity=${number}$`));
    const first = page.getByRole("table", { name: "Audit log" }).locator("tbody tr").first();
    await expect(first).toContainText("API key created");
    await expect(first).toContainText(`API key ${number}`);
  });
});

test.describe("event log", () => {
  test.use(asSupport);

  test("a type typed with capitals still finds the events, and an unpublished envelope says so plainly", async ({
    page,
    seed,
    script,
  }) => {
    const external = unique("CAPS");
    const staged = await script.post("/v1/data-import/account-import-process/create-or-update/", {
      data: accountBody(seed.suppliers.forSupport, external),
    });
    expect(staged.status(), await staged.text()).toBe(201);
    const done = await script.post("/v1/data-import/account-import-process/process/", {
      data: { import_supplier: seed.suppliers.forSupport, external_account_number: external },
    });
    expect(done.status(), await done.text()).toBe(201);
    const number = (await done.json()).account_number as string;

    await page.goto("/events");
    await page.getByLabel("Type starts with").fill("Account.Created");
    await page.getByLabel("Account", { exact: true }).fill(number);
    await page.getByRole("button", { name: "Apply" }).click();
    const rows = page.getByTestId("event-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("account.created");
    await rows.first().getByRole("button", { name: "Envelope" }).click();
    await expect(page.getByLabel("Event payload")).toContainText(number);
    // Without a relay the event waits in the outbox; with one (CI sets NATS_URL) it is published.
    await expect(page.locator("p", { hasText: "outbox sequence" })).toHaveText(
      /^(Not yet published|Published \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d)/,
    );
    await expect(page.getByText("Published not yet")).toHaveCount(0);
  });
});

test.describe("event log on a phone", () => {
  test.use(asSupport);

  test("shows each event's whole type, with its time, account and delivery under it", async ({ page, seed, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/events?account=${seed.accounts[0].accountNumber}`);
    const row = page.getByTestId("event-row").filter({ hasText: "account.created" }).first();
    await expect(row).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    // The type is shown whole: not cut with an ellipsis (its box is as wide as its text).
    const type = row.locator(".event-type");
    const cut = await type.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    await expect(type).toBeInViewport({ ratio: 1 });
    const meta = row.locator(".event-meta");
    await expect(meta).toBeVisible();
    await expect(meta).toContainText(seed.accounts[0].accountNumber);
    await expect(meta).toContainText(/\d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d/);
    await expect(meta).toContainText(/pending|published/);
    await expect(page.getByRole("columnheader", { name: "Account" })).toBeHidden();
    await expect(row.getByRole("button", { name: "Envelope" })).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, "phone-event-log");

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(meta).toBeHidden();
    await expect(page.getByRole("columnheader", { name: "Account" })).toBeVisible();
  });
});
