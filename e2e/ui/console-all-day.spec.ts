import type { Page } from "@playwright/test";
import { ACCOUNT_CSV_COLUMNS } from "@/server/services/accounts/account-csv-columns";
import { axeViolations } from "./axe";
import { accountBody, asOperator, asSupport, expect, londonDate, test, unique, uploadJob, waitForJob } from "./support";

// Issue 39's journeys: one truth for counts, triage as a form, money one way, a supplier without
// a document root, labels that say what is so. Each page is checked by axe as it is reached.

const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";

async function axeClean(page: Page) {
  const bad = (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad, page.url()).toEqual([]);
}

async function newSupplier(page: Page, code = unique("DAY")) {
  const res = await page.request.post("/api/trpc/supplier.create", {
    data: { json: { code, documentRoot: "s3://e2e/docs" } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return code;
}

/** A CSV of the template's columns: `bad` rows (by position, 0-based) carry a postcode that is not one. */
function csvFile(code: string, rows: number, bad: number[]) {
  const header = ACCOUNT_CSV_COLUMNS.map((c) => c.name);
  const line = (i: number) => {
    const cells: Record<string, string> = {
      external_account_number: `${code}-${i}`,
      billing_name: `Customer ${i}`,
      billing_address1: `${i} Mill Lane`,
      billing_postcode: bad.includes(i) ? "NOPE 1" : "YO1 7HH",
      customer_given_name: "Ada",
      customer_family_name: `Byron ${i}`,
    };
    return header.map((h) => cells[h] ?? "").join(",");
  };
  // Upper-case headers: matched whatever their case.
  return `${[header.map((h) => h.toUpperCase()).join(","), ...Array.from({ length: rows }, (_, i) => line(i))].join("\r\n")}\r\n`;
}

/** The count in a table's column, by its header, on the row naming `code`. */
async function cellOf(page: Page, table: string, code: string, column: string) {
  const t = page.getByRole("table", { name: table });
  // textContent: the headers are upper-cased by the stylesheet only.
  const headers = await t.locator("thead th").evaluateAll((ths) => ths.map((th) => (th.textContent ?? "").trim()));
  const at = headers.findIndex((h) => h.startsWith(column));
  expect(at, `${column} in ${headers.join("|")}`).toBeGreaterThanOrEqual(0);
  return (await t.getByRole("row").filter({ hasText: code }).locator("td, th").nth(at).innerText()).trim();
}

/** The imported and failed counts as every page shows them, side by side. */
async function countsEverywhere(
  page: Page,
  code: string,
  jobId: number,
  shot: (page: Page, name: string) => Promise<void>,
  tag: string,
) {
  const seen: Record<string, [string, string]> = {};
  await page.goto("/suppliers");
  await page.getByLabel("Search").fill(code);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page.getByRole("table", { name: "Import suppliers" }).getByRole("row").filter({ hasText: code }),
  ).toBeVisible();
  seen.suppliers = [
    await cellOf(page, "Import suppliers", code, "Imported"),
    await cellOf(page, "Import suppliers", code, "Failed"),
  ];
  await axeClean(page);
  await shot(page, `h3-counts-${tag}-suppliers`);
  await page.goto(`/suppliers/${code}`);
  const stat = (label: string) =>
    page
      .locator(".stat")
      .filter({ has: page.locator(".label", { hasText: new RegExp(`^${label}$`) }) })
      .locator(".value");
  seen.supplier = [(await stat("Imported").innerText()).trim(), (await stat("Failed").innerText()).trim()];
  await axeClean(page);
  await shot(page, `h3-counts-${tag}-supplier`);
  await page.goto(`/suppliers/${code}/imports`);
  const now = await page.getByTestId("import-counts").innerText();
  seen.imports = [/([\d,]+) imported/.exec(now)![1], /([\d,]+) failed/.exec(now)![1]];
  await axeClean(page);
  await shot(page, `h3-counts-${tag}-imports`);
  await page.goto(`/import-jobs/${jobId}`);
  const job = await page.getByTestId("job-counts").innerText();
  seen.job = [/([\d,]+) imported/.exec(job)![1], /([\d,]+) failed/.exec(job)![1]];
  await axeClean(page);
  await shot(page, `h3-counts-${tag}-job`);
  await page.goto(`/migration?supplier=${code}`);
  const funnel = await page.locator("#funnel-total-summary").innerText();
  const refused = /\(([\d,]+) refused before staging\)/.exec(funnel)?.[1] ?? "0";
  const importFailed = /Imported [\d,]+ \(([\d,]+) import failed\)/.exec(funnel)?.[1] ?? "0";
  seen.dashboard = [
    /Imported ([\d,]+)/.exec(funnel)![1].replace(/,$/, ""),
    String(Number(refused) + Number(importFailed)),
  ];
  await axeClean(page);
  await shot(page, `h3-counts-${tag}-dashboard`);
  return seen;
}

test.describe("issue 39: the console as operators and support use it all day", () => {
  test.use(asOperator);

  test("counts agree on every page after rows fail, and again after one is fixed in triage as a form of its CSV columns", async ({
    page,
    shot,
  }) => {
    test.setTimeout(300_000);
    const code = await newSupplier(page);
    const jobId = await uploadJob(page, code, "cohort.csv", csvFile(code, 6, [1, 4]));
    await waitForJob(page, 6);
    // Two rows of six failed: the badge says so, not a green "Completed".
    await expect(page.getByText("Completed: some failed")).toBeVisible();
    await expect(page.getByText("(dry run)")).toHaveCount(0);
    await expect(page.locator(".legend").first()).toContainText("Imported");
    const before = await countsEverywhere(page, code, jobId, shot, "before");
    expect(before).toEqual({
      suppliers: ["4", "2"],
      supplier: ["4", "2"],
      imports: ["4", "2"],
      job: ["4", "2"],
      dashboard: ["4", "2"],
    });

    // Triage: show every failed row (the list scrolls), open one: the editor is brought into view.
    await page.goto(`/import-jobs/${jobId}`);
    await page.getByRole("button", { name: "Show all failed rows" }).click();
    await page.getByRole("button", { name: "Open line 3", exact: true }).click();
    const form = page.getByTestId("csv-row-form");
    await expect(form).toBeVisible();
    await expect(page.getByRole("heading", { name: "Line 3" })).toBeInViewport();
    const postcode = form.getByLabel("billing_postcode");
    await expect(postcode).toHaveValue("NOPE 1");
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("billing_postcode");
    await axeClean(page);
    await shot(page, "h3-triage-csv-form");
    // A correction that is still wrong: the banner says it failed again, with the new error, never "being retried" for good.
    await postcode.fill("STILL BAD");
    await form.getByRole("button", { name: "Save and retry" }).click();
    await expect(page.getByTestId("retry-outcome")).toContainText(
      "Line 3 was retried and failed again: billing_postcode",
      { timeout: 30_000 },
    );
    await expect(page.getByTestId("retry-outcome")).toContainText("STILL BAD");
    await shot(page, "h3-triage-csv-failed-again");
    // The list of failed rows stays open, line 3 in it with its new error.
    await expect(page.getByRole("row").filter({ hasText: "'STILL BAD' is not a UK postcode" })).toContainText(
      `${code}-1`,
    );
    await page.getByRole("button", { name: "Open line 3", exact: true }).click();
    await expect(form.getByLabel("billing_postcode")).toHaveValue("STILL BAD");
    await postcode.fill("YO1 7HH");
    await form.getByRole("button", { name: "Save and retry" }).click();
    // The banner says what truly became of the row: imported, with its account number.
    await expect(page.getByTestId("retry-outcome")).toContainText(/Line 3 was retried and imported as A-/, {
      timeout: 30_000,
    });
    await shot(page, "h3-triage-retried");
    const after = await countsEverywhere(page, code, jobId, shot, "after");
    expect(after).toEqual({
      suppliers: ["5", "1"],
      supplier: ["5", "1"],
      imports: ["5", "1"],
      job: ["5", "1"],
      dashboard: ["5", "1"],
    });
  });

  test("support finds a failed import row by its exact external number first, and its page says why at the field", async ({
    page,
    browser,
    shot,
  }) => {
    const code = await newSupplier(page);
    const jobId = await uploadJob(page, code, "support.csv", csvFile(code, 3, [2]));
    await waitForJob(page, 3);
    // A support colleague: the caller gives the external number of the row that failed.
    const support = await browser.newContext({ ...asSupport, baseURL: test.info().project.use.baseURL });
    const s = await support.newPage();
    await s.goto(`/accounts?q=${encodeURIComponent(`${code}-2`)}`);
    const first = s.getByTestId("search-results").getByRole("row").nth(1);
    await expect(first).toContainText(`${code}-2`);
    await expect(first.getByTestId("failed-in-job")).toContainText(`never staged: import job ${jobId}, line 4`);
    await axeClean(s);
    await shot(s, "h3-support-finds-failed-row");
    await first.getByRole("link", { name: `${code}-2`, exact: true }).click();
    await s.waitForURL(new RegExp(`/accounts/import/${code}/${code}-2$`));
    await expect(s.getByTestId("failed-in-job")).toContainText(`in import job ${jobId}`);
    const why = s.getByRole("alert").filter({ hasText: "Why it failed" });
    await expect(why).toContainText("billing_postcode");
    await expect(why).toContainText("NOPE 1");
    await axeClean(s);
    await shot(s, "h3-support-failed-row-page");
    await support.close();
  });

  test("a JSON array is refused at upload with what to send instead, and leaves no job behind", async ({
    page,
    shot,
  }) => {
    const code = await newSupplier(page);
    await page.goto(`/suppliers/${code}/imports`);
    const accounts = [1, 2].map((i) => ({ external_account_number: `${code}-${i}`, billing_postcode: "YO1 7HH" }));
    await page.getByLabel("Accounts file").setInputFiles({
      name: "accounts.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(accounts, null, 2)),
    });
    await page.getByRole("button", { name: "Upload and import" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "This file is a JSON array; upload JSON Lines instead" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("one account object per line");
    await expect(page).toHaveURL(new RegExp(`/suppliers/${code}/imports$`));
    await axeClean(page);
    await shot(page, "h3-json-array-refused");
    // No "Failed · 0 of 0 handled" job is left for the supplier.
    await page.goto(`/import-jobs`);
    await expect(page.getByRole("row").filter({ hasText: code })).toHaveCount(0);
  });

  test("a job whose rows all failed is no green Completed; dry-run words only on a dry run", async ({ page, shot }) => {
    const code = await newSupplier(page);
    const jobId = await uploadJob(page, code, "all-bad.csv", csvFile(code, 2, [0, 1]));
    await waitForJob(page, 2);
    const badge = page.locator(".badge", { hasText: /^Completed/ });
    await expect(badge).toHaveText("Completed: all failed");
    await expect(badge).toHaveClass(/badge-danger/);
    await expect(page.getByTestId("job-counts")).toContainText("0 imported");
    await expect(page.locator("main")).not.toContainText("dry run");
    await expect(page.getByTestId("job-counts")).not.toContainText("valid");
    await axeClean(page);
    await shot(page, "h3-job-all-failed");
    await page.goto("/import-jobs");
    await expect(page.getByRole("row").filter({ hasText: code }).locator(".badge")).toHaveText("Completed: all failed");
    // The same rows corrected, as a dry run: its words are the dry run's.
    const other = await newSupplier(page);
    const dry = await uploadJob(page, other, "good.csv", csvFile(other, 2, []), { dryRun: true });
    await waitForJob(page, 2);
    expect(dry).not.toBe(jobId);
    await expect(page.locator(".badge", { hasText: /^Completed/ })).toHaveText("Completed: all valid");
    await expect(page.getByTestId("job-counts")).toContainText("2 valid (dry run)");
    await shot(page, "h3-job-dry-run-words");
  });

  test("a JSON Lines fix that is not JSON names its line and column; a fix that fails again says so in the banner", async ({
    page,
    shot,
  }) => {
    const code = await newSupplier(page);
    const row = (i: number, postcode: string) =>
      JSON.stringify({
        external_account_number: `${code}-${i}`,
        billing_address1: "1 Road",
        billing_postcode: postcode,
        customers: [{ given_name: "A", family_name: "B" }],
      });
    const jobId = await uploadJob(page, code, "two.jsonl", `${row(1, "YO1 7HH")}\n${row(2, "NOPE")}\n`);
    await waitForJob(page, 2);
    await page.goto(`/import-jobs/${jobId}?failures=*&line=2`);
    const editor = page.getByLabel("Corrected account (JSON)");
    await editor.fill('{\n  "external_account_number": "x",\n  "billing_postcode": "YO1 7HH"\n  "oops": 1\n}');
    await page.getByRole("button", { name: "Save and retry" }).click();
    await expect(page.locator("#fix-2-error")).toContainText("The account is not valid JSON: at line 4, column 3");
    await shot(page, "h3-triage-json-error");
    const fixed = JSON.parse(row(2, "STILL BAD"));
    await editor.fill(JSON.stringify(fixed, null, 2));
    await page.getByRole("button", { name: "Save and retry" }).click();
    await expect(page.getByTestId("retry-outcome")).toContainText(
      "Line 2 was retried and failed again: billing_postcode",
      { timeout: 30_000 },
    );
    await axeClean(page);
    await shot(page, "h3-triage-failed-again");
  });

  test("money one way: one sign convention stated on the page, across transactions, ledger and timeline; the balance carried over counted once", async ({
    page,
    script,
    shot,
  }) => {
    const supplier = (
      await (await page.request.get("/api/trpc/supplier.list?input=%7B%22json%22%3A%7B%7D%7D")).json()
    ).result.data.json.find((s: { status: string }) => s.status === "Ongoing").code as string;
    const external = unique("MONEY");
    expect(
      (await script.post(STAGE, { data: { ...accountBody(supplier, external), transfer_balance: "-42.17" } })).status(),
    ).toBe(201);
    const done = await script.post(PROCESS, { data: { import_supplier: supplier, external_account_number: external } });
    const number = (await done.json()).account_number as string;
    const day = londonDate(-1);
    const tx = await script.post("/v1/data-import/transactions/create/", {
      data: {
        import_supplier: supplier,
        external_account_number: external,
        transactions: [
          {
            transaction_id: `${external}-PAY`,
            transaction_date: day,
            amount: 42.17,
            type: "PAYMENT",
            payment_type: "DD_REGULAR_COLLECTION",
          },
          {
            transaction_id: `${external}-GOOD`,
            transaction_date: day,
            amount: 10,
            type: "CREDIT",
            reason: "GENERAL_CREDIT",
          },
          {
            transaction_id: `${external}-LATE`,
            transaction_date: day,
            amount: 3.5,
            type: "CHARGE",
            reason: "IMPORTED_CHARGE",
          },
        ],
      },
    });
    expect(tx.status(), await tx.text()).toBe(201);

    await page.goto(`/accounts/${number}`);
    await expect(page.getByText("Transfer balance (carried over) −£42.17 owed")).toBeVisible();
    await page.goto(`/accounts/${number}?tab=transactions`);
    const txs = page.getByTestId("transactions");
    await expect(txs.getByTestId("sign-convention")).toContainText("a positive balance (+) means they are in credit");
    const txRow = (id: string) => txs.getByTestId("transaction-row").filter({ hasText: `${external}-${id}` });
    await expect(txRow("PAY")).toContainText("+£42.17");
    await expect(txRow("GOOD")).toContainText("+£10.00");
    await expect(txRow("LATE")).toContainText("−£3.50");
    await axeClean(page);
    await shot(page, "h3-money-transactions");

    await page.goto(`/accounts/${number}?tab=ledger`);
    const ledger = page.getByTestId("ledger");
    await expect(ledger.getByTestId("sign-convention")).toBeVisible();
    await expect(ledger.locator('[data-stat="opening"] .value')).toHaveText("−£42.17");
    await expect(ledger.locator('[data-stat="closing"] .value')).toHaveText("+£6.50");
    await expect(ledger.locator('[data-stat="net"] .value')).toHaveText("+£48.67");
    await expect(ledger.getByTestId("carried-over-again")).toHaveCount(0);
    const entry = (id: string) =>
      ledger.getByTestId("ledger-entries").locator(`tr[data-transaction-id="${external}-${id}"] [data-col="effect"]`);
    await expect(entry("PAY")).toHaveText("+£42.17");
    await expect(entry("LATE")).toHaveText("−£3.50");
    await axeClean(page);
    await shot(page, "h3-money-ledger");

    await page.goto(`/accounts/${number}?tab=timeline`);
    const timeline = page.getByTestId("timeline");
    await expect(timeline.getByTestId("sign-convention")).toBeVisible();
    await expect(timeline.getByTestId("timeline-row").filter({ hasText: "Credit" }).first()).toContainText(
      "+£10.00 · General credit",
    );
    await expect(timeline.getByTestId("timeline-row").filter({ hasText: "Charge" }).first()).toContainText(
      "−£3.50 · Imported charge",
    );
    await shot(page, "h3-money-timeline");

    // On a phone no amount breaks between its sign and its digits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/accounts/${number}?tab=transactions`);
    await expect(txs.getByTestId("transaction-row").first()).toBeVisible();
    const wrapped = await page
      .locator(".money")
      .evaluateAll((els) => els.filter((e) => e.getClientRects().length > 1).map((e) => e.textContent));
    expect(wrapped).toEqual([]);
    await shot(page, "h3-money-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    // The carried-over balance sent a second time, as a charge: the ledger says so.
    await script.post("/v1/data-import/transactions/create/", {
      data: {
        import_supplier: supplier,
        external_account_number: external,
        transactions: [
          {
            transaction_id: `${external}-BAL`,
            transaction_date: day,
            amount: 42.17,
            type: "CHARGE",
            reason: "IMPORTED_CHARGE",
          },
        ],
      },
    });
    await page.goto(`/accounts/${number}?tab=ledger`);
    await expect(ledger.getByTestId("carried-over-again")).toContainText(`${external}-BAL`);
    await shot(page, "h3-money-carried-twice");
  });

  test("a supplier is created without a document root; the form lists the stores allowed and a refusal says them in words", async ({
    page,
    shot,
  }) => {
    await page.goto("/suppliers/new");
    const stores = page.getByTestId("allowed-stores");
    await expect(stores).toContainText("any S3 bucket (s3://bucket/prefix)");
    await expect(stores).toContainText("the server folder file:///srv/legacy and below");
    await expect(stores).toContainText("the platform's own document folder");
    await expect(page.getByLabel("Document root (optional)")).toHaveValue("");
    await axeClean(page);
    await shot(page, "h3-supplier-new");
    await page.getByLabel("Code").fill("x");
    await page.getByLabel("Document root (optional)").fill("file:///etc/docs");
    await page.getByRole("button", { name: "Create supplier" }).click();
    const refusal = page.getByText("This location is outside the document stores this platform allows.");
    await expect(refusal).toBeVisible();
    await expect(page.getByTestId("form-error")).not.toContainText("DOCUMENT_ROOT_ALLOWLIST");
    await expect(page.locator("main")).not.toContainText("DOCUMENT_ROOT_ALLOWLIST");
    await shot(page, "h3-supplier-refused-root");
    const code = unique("NOROOT");
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("Document root (optional)").fill("");
    await page.getByRole("button", { name: "Create supplier" }).click();
    await page.waitForURL(new RegExp(`/suppliers/${code}$`));
    await expect(page.getByLabel("Document root")).toHaveValue(new RegExp(`^file://.+/${code}$`));
    await shot(page, "h3-supplier-created-without-root");
  });

  test("labels: the event log's banner agrees with its rows and the type filter offers the catalogue's types; charts carry legends", async ({
    page,
    shot,
  }) => {
    await page.goto("/events");
    const types = page.locator("#ev-types option");
    await expect.poll(() => types.count()).toBeGreaterThan(10);
    const options = await types.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain("account.created");
    expect(options).toContain("account.");
    expect(options.length).toBeGreaterThan(10);
    await expect(page.getByRole("status", { name: "Event delivery" })).not.toContainText("Nothing is waiting");
    const pendingRows = await page.locator(".badge", { hasText: /^pending/ }).count();
    if (pendingRows > 0)
      await expect(page.getByRole("status", { name: "Event delivery" })).toContainText(/pending|waiting/);
    await axeClean(page);
    await shot(page, "h3-events-banner-types");
    await page.goto("/migration");
    await expect(page.locator("figure.chart .legend").first()).toContainText("Failed at the step");
    await expect(page.locator("#throughput-summary")).toContainText("in all");
    await shot(page, "h3-dashboard-legends");
  });

  test("the template has one example row per fuel, and a postcode search shows each result's address", async ({
    page,
    seed,
    script,
    shot,
  }) => {
    // Two neighbours at one postcode: the results must tell them apart.
    for (const line of ["3 Orbit Close", "5 Orbit Close"]) {
      const external = unique("NEIGH");
      const body = {
        ...accountBody(seed.suppliers.ongoing, external),
        billing_address1: line,
        billing_postcode: "LS2 9JT",
      };
      expect((await script.post(STAGE, { data: body })).status()).toBe(201);
    }
    await page.goto(`/suppliers/${seed.suppliers.ongoing}/imports`);
    // The upload page says what makes a value valid, a phone number first (issue 39 point 5).
    const rules = page.getByTestId("value-rules");
    await rules.getByText("What makes a value valid").click();
    await expect(rules.getByText(/^Phone number/).locator("..")).toBeVisible();
    await expect(rules).toContainText("a UK one, 0 and 9 or 10 more digits in a range in use");
    await expect(rules).toContainText("any order and any case");
    const href = await page.getByRole("link", { name: "CSV template" }).getAttribute("href");
    const lines = decodeURIComponent(href!.replace(/^data:text\/csv;charset=utf-8,/, ""))
      .trim()
      .split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^EXAMPLE-ELEC-1,/);
    expect(lines[2]).toMatch(/^EXAMPLE-GAS-1,/);
    await page.goto(`/accounts?q=${encodeURIComponent("LS2 9JT")}`);
    const addresses = page.getByTestId("result-address");
    await expect(addresses.filter({ hasText: "3 Orbit Close, Bristol, LS2 9JT" })).toHaveCount(1);
    await expect(addresses.filter({ hasText: "5 Orbit Close, Bristol, LS2 9JT" })).toHaveCount(1);
    await axeClean(page);
    await shot(page, "h3-postcode-search");
  });
});
