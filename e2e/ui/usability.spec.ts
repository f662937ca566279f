import fs from "node:fs";
import path from "node:path";
import { ACCOUNT_TABS } from "@/app/components/accounts/tab-ids";
import { demoAccounts } from "@/server/services/demo/demo-accounts";
import { withMpanCheckDigit } from "@/server/lib/validators";
import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { asOperator, expect, test, unique, uploadJob, waitForJob } from "./support";

// An operator's desktop and a phone (issue 39 item 10).
const SCREENS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * Every page app/ has, as a pattern of its path (`/accounts/[number]`, route groups left out):
 * read from the folders, so a page added later is one this check must visit.
 */
function appPages(dir = path.resolve("app"), route = ""): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isFile()) return e.name === "page.tsx" ? [route || "/"] : [];
    if (!e.isDirectory() || e.name.startsWith("_") || e.name === "api") return [];
    const part = /^\(.*\)$/.test(e.name) ? "" : `/${e.name}`;
    return appPages(path.join(dir, e.name), route + part);
  });
}
const matches = (pattern: string, pathname: string) =>
  new RegExp(`^${pattern.replace(/\[[^\]]+\]/g, "[^/]+")}$`).test(pathname);

/** Every heading level on the page, in order, and where one skips a level (h1 then h3). */
const headingSkips = (page: Page) =>
  page.evaluate(() => {
    const levels = [...document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6")].map((h) =>
      Number(h.tagName[1]),
    );
    return levels.flatMap((l, i) => (i > 0 && l > levels[i - 1] + 1 ? [`h${levels[i - 1]} → h${l}`] : []));
  });
/** How far the page scrolls sideways, and the innermost elements that reach past the window's right edge. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    if (over <= 0) return null;
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
    );
    // The innermost ones: an element that reaches past the edge though none of its children does.
    const innermost = wide.filter((el) => !wide.some((other) => other.parentElement === el));
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    return `${over}px: ${innermost.slice(0, 3).map(describe).join("; ")}`;
  });
/** At desktop width a table cut off inside its card (its own scroll bar) is sideways scrolling too: its name and how much is hidden. */
const tablesCut = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".table-wrap")]
      .filter((w) => w.scrollWidth > w.clientWidth + 1)
      .map(
        (w) =>
          `${w.querySelector("table")?.getAttribute("aria-label") ?? "a table"} hides ${w.scrollWidth - w.clientWidth}px`,
      ),
  );
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** A dry-run job of two accounts, the second with a postcode that is not one; its number. */
async function jobWithAFailure(page: Page) {
  const code = await newSupplier(page);
  const line = (i: number, postcode: string) =>
    JSON.stringify({
      external_account_number: `${code}-${i}`,
      account_type: "DOMESTIC",
      billing_name: `Customer ${i}`,
      billing_address1: "1 Station Road",
      billing_address4: "York",
      billing_postcode: postcode,
      customers: [{ given_name: "Mary", family_name: "Somerville" }],
    });
  const job = await uploadJob(page, code, "two.jsonl", `${line(1, "YO1 7HH")}\n${line(2, "NOPE 1")}\n`, {
    dryRun: true,
  });
  await waitForJob(page, 2);
  return job;
}

/**
 * The demo data set's accounts (what a new operator first opens: longer e-mails, smart meters,
 * preferences, a transfer balance), imported under `supplier` with meter points of their own; their numbers.
 */
async function demoShapedAccounts(script: APIRequestContext, supplier: string): Promise<string[]> {
  const numbers: string[] = [];
  for (const make of demoAccounts()) {
    const body = make(supplier) as {
      external_account_number: string;
      supply_addresses: {
        meter_points: { supply_type: string; identifier: string; meters: { smart_device_id?: string }[] }[];
      }[];
    };
    body.external_account_number = unique(body.external_account_number);
    for (const point of body.supply_addresses[0].meter_points) {
      const digits = `${Math.floor(Math.random() * 1e10)}`.padStart(10, "0");
      // The distributor (the MPAN's first two digits) stays: it is the region of the tariff.
      point.identifier =
        point.supply_type === "GAS"
          ? `8${digits.slice(-8)}`
          : withMpanCheckDigit(`${point.identifier.slice(0, 2)}${digits}`);
      for (const meter of point.meters)
        if (meter.smart_device_id)
          meter.smart_device_id = `${meter.smart_device_id.slice(0, 12)}${digits.slice(0, 8).replace(/(..)(?=.)/g, "$1-")}`;
    }
    const staged = await script.post("/v1/data-import/account-import-process/create-or-update/", { data: body });
    expect(staged.status(), await staged.text()).toBe(201);
    const done = await script.post("/v1/data-import/account-import-process/process/", {
      data: { import_supplier: supplier, external_account_number: body.external_account_number },
    });
    expect(done.status(), await done.text()).toBe(201);
    numbers.push((await done.json()).kraken_account_number);
  }
  return numbers;
}

async function newSupplier(page: Page, name?: string, code = unique("UX")) {
  const res = await page.request.post("/api/trpc/supplier.create", {
    data: { json: { code, name, documentRoot: "s3://e2e/docs" } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return code;
}

test.describe("a console people can use all day", () => {
  test.use(asOperator);

  test("every page app/ has and every tab, at 1440×900 and 390×844: no serious or critical axe-core violations, headings in order, nothing scrolls sideways", async ({
    page,
    browser,
    seed,
    script,
    shot,
  }) => {
    test.setTimeout(900_000);
    const account = seed.accounts[0];
    const job = await jobWithAFailure(page);
    // A 57-character code and a name typed as one long word (as another suite leaves behind)
    // must wrap or shorten, not widen a 390-px page: the dashboard names suppliers by code.
    await newSupplier(
      page,
      `Cohort-${"x".repeat(90)}`,
      `UXW-${Date.now().toString(36).toUpperCase()}-`.padEnd(57, "X"),
    );
    const event = (
      await (
        await page.request.get(
          `/api/trpc/event.list?input=${encodeURIComponent(JSON.stringify({ json: { accountNumber: account.accountNumber, limit: 1 } }))}`,
        )
      ).json()
    ).result.data.json.items[0]?.id as string;
    const made = await page.request.post("/api/trpc/cohort.create", {
      data: {
        json: { importSupplier: seed.suppliers.ongoing, name: `Wave ${unique("UX")}`, notes: "Checked at two widths" },
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const cohort = (await made.json()).result.data.json.id as string;
    const tabs = ACCOUNT_TABS.filter((t) => t !== "overview");
    const pages: [string, string][] = [
      ["home", "/"],
      ["migration", "/migration"],
      ["suppliers", "/suppliers"],
      ["supplier-new", "/suppliers/new"],
      ["supplier", `/suppliers/${seed.suppliers.ongoing}`],
      ["imports", `/suppliers/${seed.suppliers.ongoing}/imports`],
      ["supplier-cohorts", `/suppliers/${seed.suppliers.ongoing}/cohorts`],
      ["cohorts", "/cohorts"],
      ["cohort", `/cohorts/${cohort}`],
      ["cohort-summary", `/cohorts/${cohort}/summary`],
      ["import-jobs", "/import-jobs"],
      ["import-job", `/import-jobs/${job}`],
      ["import-job-triage", `/import-jobs/${job}?failures=invalid_postcode&line=2`],
      ["accounts", "/accounts"],
      ["account-search", `/accounts?q=${encodeURIComponent(account.externalAccountNumber)}`],
      ...(await demoShapedAccounts(script, seed.suppliers.ongoing)).map((n, i): [string, string] => [
        `account-demo-${i + 1}`,
        `/accounts/${n}`,
      ]),
      ["account", `/accounts/${account.accountNumber}`],
      ...tabs.map((t): [string, string] => [`account-${t}`, `/accounts/${account.accountNumber}?tab=${t}`]),
      ["account-ledger-filtered", `/accounts/${account.accountNumber}?tab=ledger&type=PAYMENT`],
      ["account-notes-search", `/accounts/${account.accountNumber}?tab=notes&notes=account`],
      ["import-record", `/accounts/import/${account.importSupplier}/${account.externalAccountNumber}`],
      ["events", "/events"],
      ["event", `/events?event=${event}`],
      ["event-catalogue", "/events/catalogue?type=account.created%20v1"],
      ["api-keys", "/api-keys"],
      ["products", "/products"],
      ["products-open", "/products?product=VAR-22-11-01&tariff=E-1R-VAR-22-11-01-C"],
      ["api-reference", "/api-reference?q=notes"],
      ["audit", "/audit"],
      ["not-found", "/no-such-page"],
    ];
    // Signed out: the one page a signed-in operator is sent away from.
    const signedOut: [string, string][] = [["signin", "/signin"]];
    const visited = [...pages, ...signedOut].map(([, p]) => new URL(p, "http://x").pathname);
    const pagesOfApp = appPages();
    expect(pagesOfApp.length).toBeGreaterThan(20);
    expect(
      pagesOfApp.filter((route) => !visited.some((p) => matches(route, p))),
      "pages in app/ this check does not visit",
    ).toEqual([]);

    const anonymous = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const found: string[] = [];
    for (const screen of SCREENS) {
      const { width } = screen;
      await page.setViewportSize(screen);
      const other = await anonymous.newPage();
      await other.setViewportSize(screen);
      for (const [name, path, p] of [
        ...pages.map(([n, u]) => [n, u, page] as const),
        ...signedOut.map(([n, u]) => [n, u, other] as const),
      ]) {
        await p.goto(path);
        await expect(p.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(p.getByText("Loading…")).toHaveCount(0);
        await expect(p.locator("[data-testid=skeleton]")).toHaveCount(0);
        for (const v of await axeViolations(p)) {
          if (v.impact === "serious" || v.impact === "critical")
            found.push(
              `${width} ${path}: ${v.id} (${v.impact}) ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
            );
        }
        for (const skip of await headingSkips(p)) found.push(`${width} ${path}: heading skips ${skip}`);
        const wider = await sideways(p);
        if (wider) found.push(`${width} ${path}: the page scrolls sideways by ${wider}`);
        if (width > 1000) for (const cut of await tablesCut(p)) found.push(`${width} ${path}: ${cut}`);
        await shot(p, `ux-${name}-${width}`);
      }
      await other.close();
    }
    await anonymous.close();
    expect(found).toEqual([]);
  });

  test("a copied link to an event, a catalogue type and an open tariff reopens the same view for a colleague", async ({
    page,
    context,
    browser,
    seed,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const account = seed.accounts[0];
    // The event log's account column links to the account's Events tab.
    await page.goto(`/events?account=${account.accountNumber}&type=account.created`);
    const row = page.getByTestId("event-row").first();
    await row.getByRole("link", { name: account.accountNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${account.accountNumber}\\?tab=events$`));
    await expect(page.getByRole("tab", { name: /Events/ })).toHaveAttribute("aria-selected", "true");

    await page.goto(`/events?account=${account.accountNumber}&type=account.created`);
    await page.getByTestId("event-row").first().getByRole("button", { name: "Envelope" }).click();
    const id = (await page
      .getByRole("button", { name: /^Copy event id / })
      .first()
      .getAttribute("aria-label"))!.replace(/^Copy event id /, "");
    await page.getByRole("button", { name: `Copy link link to event ${id}` }).click();
    const eventLink = await clipboard(page);
    expect(eventLink).toMatch(new RegExp(`/events\\?event=${id}$`));

    await page.goto("/products");
    await page.getByLabel("Name or code").fill("VAR-22-11-01");
    await page.getByTestId("product").filter({ hasText: "VAR-22-11-01" }).locator("summary").first().click();
    await page.getByText("London (_C)").click();
    await page
      .getByTestId("tariff")
      .filter({ hasText: "E-1R-VAR-22-11-01-C" })
      .getByRole("button", { name: "Show rates" })
      .click();
    await expect(page.getByRole("table", { name: "Rates of E-1R-VAR-22-11-01-C in force" })).toBeVisible();
    await page.getByRole("button", { name: "Copy link link to this view" }).click();
    const productsLink = await clipboard(page);
    expect(new URL(productsLink).searchParams.get("tariff")).toBe("E-1R-VAR-22-11-01-C");

    await page.goto("/events/catalogue");
    await page.getByLabel("Search types and fields").fill("mpan");
    await page
      .getByRole("navigation", { name: "Event types" })
      .getByRole("button", { name: /actual\.intervals\.received/ })
      .first()
      .click();
    await expect(page).toHaveURL(/[?&]type=actual\.intervals\.received/);
    const catalogueLink = page.url();

    // A colleague (a new page of the same signed-in user) opens the links.
    const colleague = await browser.newContext({ storageState: asOperator.storageState });
    const other = await colleague.newPage();
    await other.goto(eventLink);
    await expect(other.getByRole("heading", { name: "Linked event" })).toBeVisible();
    await expect(other.locator("#linked-event").locator("xpath=..").getByText(id).first()).toBeVisible();
    await expect(other.getByText("CloudEvents envelope").first()).toBeVisible();
    await other.goto(productsLink);
    await expect(other.getByLabel("Name or code")).toHaveValue("VAR-22-11-01");
    await expect(other.getByRole("table", { name: "Rates of E-1R-VAR-22-11-01-C in force" })).toBeVisible();
    await expect(
      other
        .getByRole("table", { name: "Rates of E-1R-VAR-22-11-01-C in force" })
        .getByRole("cell", { name: "Standing charge (p/day)" })
        .first(),
    ).toBeVisible();
    await other.goto(catalogueLink);
    await expect(other.getByLabel("Search types and fields")).toHaveValue("mpan");
    await expect(other.getByRole("heading", { level: 2, name: /actual\.intervals\.received/ })).toBeVisible();
    await colleague.close();
  });

  test("a triage link opens the same failure group and row", async ({ page, browser }) => {
    const job = await jobWithAFailure(page);
    await page.goto(`/import-jobs/${job}`);
    await page.getByRole("button", { name: "Show rows failing with invalid_postcode" }).click();
    await expect(page).toHaveURL(/[?&]failures=invalid_postcode$/);
    await page.getByRole("button", { name: "Open line 2" }).click();
    await expect(page.getByRole("heading", { name: "Line 2" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]failures=invalid_postcode&line=2$/);
    const colleague = await browser.newContext({ storageState: asOperator.storageState });
    const other = await colleague.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("heading", { name: "Line 2" })).toBeVisible();
    await expect(other.getByTestId("row-detail")).toContainText("billing_postcode");
    await colleague.close();
  });

  test("after a supplier status change, focus stays on the status controls", async ({ page }) => {
    const code = await newSupplier(page);
    await page.goto(`/suppliers/${code}`);
    const group = page.getByRole("group", { name: `Change status of ${code}` });
    await group.getByRole("button", { name: "Pause" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Pause supplier" }).click();
    await expect(page.getByTestId("supplier-status")).toHaveText("Paused");
    await expect(group.getByRole("button", { name: "Resume" })).toBeFocused();
    // The keyboard carries on from there: Enter opens the next change.
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Resume supplier" }).click();
    await expect(page.getByTestId("supplier-status")).toHaveText("Ongoing");
    await expect(group.getByRole("button", { name: "Pause" })).toBeFocused();
  });

  test("an error names its request id, the server's for a refusal and the console's own when no answer came", async ({
    page,
  }) => {
    const code = await newSupplier(page);
    await page.goto(`/suppliers/${code}`);
    await page
      .getByRole("group", { name: `Change status of ${code}` })
      .getByRole("button", { name: "Pause" })
      .click();
    // Another tab completes it meanwhile: the change in this one is refused.
    const other = await page.request.post("/api/trpc/supplier.setStatus", {
      data: { json: { code, status: "Complete" } },
    });
    expect(other.status()).toBe(200);
    const answer = page.waitForResponse((r) => r.url().includes("supplier.setStatus"));
    await page.getByRole("dialog").getByRole("button", { name: "Pause supplier" }).click();
    const sent = (await answer).headers()["x-request-id"];
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    const alert = page.getByRole("dialog").getByRole("alert");
    await expect(alert).toContainText("Its status has changed");
    await expect(alert.getByTestId("request-id")).toContainText(sent);
    await expect(alert.getByRole("button", { name: `Copy request id ${sent}` })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    // A call that never reaches the server: the id the console sent is the one shown.
    const ids: string[] = [];
    await page.route("**/api/trpc/product.rates**", (route) => {
      ids.push(route.request().headers()["x-request-id"]);
      return route.abort("connectionfailed");
    });
    await page.goto("/products?product=VAR-22-11-01");
    await page.getByText("London (_C)").click();
    await page
      .getByTestId("tariff")
      .filter({ hasText: "E-1R-VAR-22-11-01-C" })
      .getByRole("button", { name: "Show rates" })
      .click();
    const failed = page.getByRole("alert").filter({ hasText: "Connection lost" });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    const shown = (await failed.getByTestId("request-id").locator("code").textContent())!;
    expect(ids).toContain(shown);
  });

  test("the products page lists products by name, folded, and reads a tariff's rates only when asked, showing a skeleton meanwhile", async ({
    page,
    shot,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    let ratesAsked = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/trpc/product.rates**", async (route) => {
      ratesAsked++;
      await held;
      await route.continue();
    });
    await page.goto("/products");
    await expect(page.getByTestId("product").first()).toBeVisible();
    // Folded: names, not raw tariff codes; no rates; the page no taller than a few screens.
    await expect(page.getByRole("heading", { level: 3, name: "Flexible Octopus" }).first()).toBeVisible();
    await expect(page.getByText("E-1R-VAR-22-11-01-C")).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
    await page.getByTestId("product").filter({ hasText: "VAR-22-11-01" }).locator("summary").first().click();
    await expect(page).toHaveURL(/[?&]product=VAR-22-11-01(&|$)/);
    const regions = page.getByRole("list", { name: "Regions of Flexible Octopus" }).first();
    await expect(regions.getByText("Eastern England (_A)")).toBeVisible();
    await expect(regions.getByText("North Scotland (_P)")).toBeVisible();
    await expect(page.getByRole("button", { name: "Show rates" }).first()).toBeHidden();
    expect(ratesAsked).toBe(0);
    await regions.getByText("London (_C)").click();
    await page
      .getByTestId("tariff")
      .filter({ hasText: "E-1R-VAR-22-11-01-C" })
      .getByRole("button", { name: "Show rates" })
      .click();
    // Held at the network: the skeleton says what is loading.
    await expect(page.getByRole("status").filter({ hasText: "Loading the rates of E-1R-VAR-22-11-01-C…" })).toHaveCount(
      1,
    );
    await expect(page.getByTestId("skeleton")).toHaveCount(1);
    release();
    await expect(page.getByRole("table", { name: "Rates of E-1R-VAR-22-11-01-C in force" })).toBeVisible();
    await expect(page.getByTestId("skeleton")).toHaveCount(0);
    expect(ratesAsked).toBe(1);
    await shot(page, "ux-products-tariff-open");
  });

  test("an import started from the console is in the audit log with who, when and how many", async ({ page, seed }) => {
    const code = await newSupplier(page);
    const lines = [1, 2, 3].map((i) =>
      JSON.stringify({
        external_account_number: `${code}-${i}`,
        account_type: "DOMESTIC",
        billing_name: `Customer ${i}`,
        billing_address1: "1 Station Road",
        billing_address4: "York",
        billing_postcode: "YO1 7HH",
        customers: [{ given_name: "Mary", family_name: "Somerville" }],
      }),
    );
    const job = await uploadJob(page, code, "three.jsonl", `${lines.join("\n")}\n`, { dryRun: true });
    await page.goto("/audit?kind=import_job");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: String(job), exact: true }) });
    await expect(row).toContainText("Import job uploaded");
    await expect(row).toContainText(seed.users.operator);
    await expect(row).toContainText("3 rows from three.jsonl");
    await expect(row).toContainText("(dry run)");
    await expect(row).toContainText(code);
    await row.getByRole("link", { name: String(job), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/import-jobs/${job}$`));
  });
});
