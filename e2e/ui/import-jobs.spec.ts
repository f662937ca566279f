import fs from "node:fs";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { asOperator, asSupport, expect, test, unique, uploadJob, waitForJob } from "./support";

const TOTAL = 20_000;
const BAD = 25;

async function newSupplier(page: Page, code = unique("COHORT")) {
  const res = await page.request.post("/api/trpc/supplier.create", {
    data: { json: { code, documentRoot: "s3://e2e/docs" } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return code;
}

/**
 * A cohort as JSON Lines: small production-shaped accounts (billing details and a customer;
 * no meter points, so a run stays short), every 800th with a postcode that is not one.
 */
function cohort(code: string, total: number, badEvery: number) {
  const lines: string[] = [];
  for (let i = 1; i <= total; i++) {
    const bad = i % badEvery === 0;
    lines.push(
      JSON.stringify({
        external_account_number: `${code}-${String(i).padStart(6, "0")}`,
        account_type: "DOMESTIC",
        billing_name: `Customer ${i}`,
        billing_address1: `${i} Station Road`,
        billing_address4: "York",
        billing_postcode: bad ? "NOPE 1" : "YO1 7HH",
        customers: [{ given_name: "Mary", family_name: `Somerville ${i}` }],
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** What the job page's bar says has been handled. */
const handled = async (page: Page) =>
  Number(await page.getByRole("progressbar", { name: "Job progress" }).getAttribute("aria-valuenow"));
/** Waits for the job page's next two refreshes of the job (each reads the server again). */
async function twoRefreshes(page: Page) {
  for (let i = 0; i < 2; i++) await page.waitForResponse((r) => r.url().includes("importJob.get"), { timeout: 15_000 });
}

const STATUS_AFTER = { Pause: "Paused", Resume: "Ongoing", Complete: "Complete" } as const;

async function setSupplierStatus(page: Page, code: string, verb: keyof typeof STATUS_AFTER) {
  await page.goto(`/suppliers/${code}`);
  await page
    .getByRole("group", { name: `Change status of ${code}` })
    .getByRole("button", { name: verb })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: `${verb} supplier` })
    .click();
  await expect(page.getByTestId("supplier-status")).toHaveText(STATUS_AFTER[verb]);
}

test.describe
  .serial("a cohort of 20,000 accounts imported by a server-side job", () => {
    test.use(asOperator);
    // 20,000 small accounts take about 1–2 minutes on an idle two-core machine; far longer when it is shared.
    test.describe.configure({ timeout: 900_000 });
    let code = "";
    let jobId = 0;

    test("upload, close the page, reopen it: the job carries on; pausing the supplier stops it, resuming finishes it", async ({
      page,
      context,
      shot,
    }) => {
      code = await newSupplier(page);
      jobId = await uploadJob(page, code, "cohort.jsonl", cohort(code, TOTAL, TOTAL / BAD));
      await expect(page.getByRole("heading", { name: `Job ${jobId}: cohort.jsonl` })).toBeVisible();
      await shot(page, "job-running");
      await page.close();

      // Another page, later: the server kept going without the browser.
      const again = await context.newPage();
      await again.goto(`/import-jobs/${jobId}`);
      const seen = await handled(again);
      await expect.poll(() => handled(again), { timeout: 60_000 }).toBeGreaterThan(seen);

      await setSupplierStatus(again, code, "Pause");
      await again.goto(`/import-jobs/${jobId}`);
      await expect(again.getByText("Waiting: supplier paused")).toBeVisible({ timeout: 15_000 });
      await expect(again.getByText(`${code} is Paused: this job stopped taking new rows`)).toBeVisible();
      await twoRefreshes(again);
      const stopped = await handled(again);
      expect(stopped).toBeLessThan(TOTAL);
      await twoRefreshes(again);
      expect(await handled(again)).toBe(stopped);
      await shot(again, "job-waiting-supplier-paused");

      await setSupplierStatus(again, code, "Resume");
      await again.goto(`/import-jobs/${jobId}`);
      await expect.poll(() => handled(again), { timeout: 30_000 }).toBeGreaterThan(stopped);
      await waitForJob(again, TOTAL, 840_000);
      await expect(again.getByTestId("job-counts")).toContainText(`${(TOTAL - BAD).toLocaleString("en-GB")} imported`);
      await shot(again, "job-completed");
    });

    test("triage: the planted group, one row fixed from its payload tree, the group retried, the failures exported", async ({
      page,
      shot,
    }) => {
      if (!jobId) {
        // Run on its own (-g) against a database where the cohort job already ran: take the newest one.
        const list = await (await page.request.get("/api/trpc/importJob.list?input=%7B%22json%22%3A%7B%7D%7D")).json();
        const cohortJob = (list.result.data.json as { id: number; fileName: string; supplierCode: string }[]).find(
          (j) => j.fileName === "cohort.jsonl",
        )!;
        jobId = cohortJob.id;
        code = cohortJob.supplierCode;
      }
      await page.goto(`/import-jobs/${jobId}`);
      const groups = page.getByTestId("failure-groups");
      await expect(groups.getByRole("row").filter({ hasText: "invalid_postcode" })).toContainText(String(BAD));
      await page.getByRole("button", { name: "Show rows failing with invalid_postcode" }).click();
      const rows = page.getByTestId("failed-rows");
      await expect(rows.getByRole("row")).toHaveCount(BAD + 1);
      await expect(rows.getByRole("row").nth(1)).toContainText("billing_postcode");
      await rows.getByRole("button", { name: "Open line 800", exact: true }).click();
      const detail = page.getByTestId("row-detail");
      const marked = detail
        .getByRole("group", { name: "Payload of line 800" })
        .locator('[data-path="billing_postcode"]');
      await expect(marked).toContainText("NOPE 1");
      await expect(marked).toContainText("invalid_postcode");
      await shot(page, "job-triage-row");
      const editor = detail.getByLabel("Corrected account (JSON)");
      await editor.fill((await editor.inputValue()).replace("NOPE 1", "YO1 7HH"));
      await detail.getByRole("button", { name: "Save and retry" }).click();
      // The banner says what became of the row, read from the row: waiting, then imported.
      await expect(page.getByTestId("retry-outcome")).toContainText(
        /Line 800 was (saved and is being retried|retried and imported)/,
      );
      await waitForJob(page, TOTAL);
      await expect(page.getByTestId("retry-outcome")).toContainText(/Line 800 was retried and imported as A-/);
      await expect(page.getByTestId("job-counts")).toContainText(
        `${(TOTAL - BAD + 1).toLocaleString("en-GB")} imported`,
      );
      await expect(groups.getByRole("row").filter({ hasText: "invalid_postcode" })).toContainText(String(BAD - 1));

      // The rest of the group is retried as it is: it fails again, with its rows' attempts counted.
      await page
        .getByRole("button", { name: `Retry group: the ${BAD - 1} rows failing with invalid_postcode` })
        .click();
      await expect(
        page.getByText(
          `${BAD - 1} rows with invalid_postcode are being retried; the groups below show what fails again.`,
        ),
      ).toBeVisible();
      await waitForJob(page, TOTAL);
      await expect(groups.getByRole("row").filter({ hasText: "invalid_postcode" })).toContainText(String(BAD - 1));
      await shot(page, "job-triage");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export failures (CSV)" }).click(),
      ]);
      const csv = fs
        .readFileSync((await download.path())!, "utf8")
        .trim()
        .split("\r\n");
      expect(csv[0]).toBe("line,external_account_number,step,code,attr,column,detail");
      expect(csv).toHaveLength(BAD);
      expect(csv[1]).toMatch(new RegExp(`^1600,${code}-001600,validation,invalid_postcode,billing_postcode,,`));
    });

    test("the dashboard shows the supplier's funnel, throughput and pace; the organisation's too", async ({
      page,
      shot,
    }) => {
      await page.goto(`/migration?supplier=${code}`);
      const funnel = page.getByRole("img", { name: new RegExp(`^${code}: Received`) });
      await expect(funnel).toBeVisible();
      // The planted bad rows are refused before staging; the one fixed in triage is staged and imported.
      await expect(page.locator(`#funnel-total-summary`)).toContainText(
        `Received 20,000, Staged 19,976 (24 refused before staging), Imported 19,976, Registration sent 0, Registered 0`,
      );
      await expect(page.getByTestId("throughput-chart")).toBeVisible();
      await expect(page.locator("#throughput-summary")).toContainText("19,976 imported");
      await shot(page, "migration-dashboard-supplier");
      await page.goto("/migration");
      await expect(page.getByRole("heading", { name: "Funnel for the organisation" })).toBeVisible();
      await shot(page, "migration-dashboard");
    });

    test("a dry run reports every bad row, with line, attr and code, and stages nothing; its valid rows are then imported", async ({
      page,
      shot,
    }) => {
      const dry = await newSupplier(page);
      const good = (i: number) => ({
        external_account_number: `${dry}-${i}`,
        billing_address1: "1 Road",
        billing_postcode: "YO1 7HH",
        customers: [{ given_name: "A", family_name: "B" }],
      });
      const file = [
        good(1),
        { ...good(2), billing_postcode: "XX" },
        "{oops",
        { ...good(4), customers: [{ given_name: "A" }] },
        good(5),
      ]
        .map((r) => (typeof r === "string" ? r : JSON.stringify(r)))
        .join("\n");
      await uploadJob(page, dry, "dry.jsonl", file, { dryRun: true });
      await waitForJob(page, 5);
      await expect(page.getByTestId("job-counts")).toContainText("2 valid (dry run)");
      await page.getByRole("button", { name: "Show all failed rows" }).click();
      const rows = page.getByTestId("failed-rows");
      await expect(rows.getByRole("row").nth(1)).toContainText(/^2.*billing_postcode.*invalid_postcode/);
      await expect(rows.getByRole("row").nth(2)).toContainText(/^3.*not valid JSON.*parse_error/);
      await expect(rows.getByRole("row").nth(3)).toContainText(
        /^4.*customers\.0\.family_name.*customer_family_name_required/,
      );
      await page.goto(`/suppliers/${dry}/imports`);
      await expect(page.getByTestId("import-counts")).toContainText("0 accounts staged");
      await page
        .getByRole("link", { name: /^Job \d+$/ })
        .first()
        .click();
      await shot(page, "job-dry-run");
      await page.getByRole("button", { name: "Import the 2 valid accounts" }).click();
      await waitForJob(page, 5);
      await expect(page.getByTestId("job-counts")).toContainText("2 imported");
    });
  });

test.describe("a job's end", () => {
  test.use(asOperator);
  test("marking the supplier Complete ends its waiting job with the reason; the finished job is deleted, its accounts kept", async ({
    page,
    shot,
  }) => {
    const code = await newSupplier(page);
    await setSupplierStatus(page, code, "Pause");
    const jobId = await uploadJob(page, code, "late.jsonl", cohort(code, 3, 1_000));
    await expect(page.getByText(`${code} is Paused: this job stopped taking new rows`)).toBeVisible();
    await setSupplierStatus(page, code, "Complete");
    await page.goto(`/import-jobs/${jobId}`);
    await expect(page.getByText(`${code} was marked Complete, so this job was cancelled`)).toBeVisible();
    await expect(page.getByTestId("job-counts")).toContainText("3 waiting · 0 imported");
    await shot(page, "job-ended-by-complete-supplier");
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Delete job" }).click();
    await page.waitForURL(/\/import-jobs$/);
    await expect(page.getByRole("link", { name: `Job ${jobId}`, exact: true })).toHaveCount(0);
    expect((await page.request.get(`/import-jobs/${jobId}`)).status()).toBe(404);
  });
});

test.describe("support", () => {
  test.use(asSupport);
  test("sees jobs and their failures but no controls", async ({ page }) => {
    await page.goto("/import-jobs");
    await page
      .getByRole("link", { name: /^Job \d+$/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: /^Job \d+:/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Pause job|Resume job|Cancel job|Retry/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Export failures (CSV)" })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  test.use(asOperator);
  test("every console page has no serious or critical axe-core violations", async ({ page, seed, shot }) => {
    test.setTimeout(420_000);
    const account = seed.accounts[0];
    const jobs = await (await page.request.get("/api/trpc/importJob.list?input=%7B%22json%22%3A%7B%7D%7D")).json();
    const job = jobs.result.data.json[0]?.id as number | undefined;
    const pages = [
      "/migration",
      "/suppliers",
      "/suppliers/new",
      `/suppliers/${seed.suppliers.ongoing}`,
      `/suppliers/${seed.suppliers.ongoing}/imports`,
      "/import-jobs",
      ...(job ? [`/import-jobs/${job}`] : []),
      "/accounts",
      `/accounts/${account.accountNumber}`,
      `/accounts/import/${account.importSupplier}/${account.externalAccountNumber}`,
      "/events",
      "/events/catalogue",
      "/api-keys",
      "/products",
      "/api-reference",
      "/audit",
      "/no-such-page",
    ];
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      for (const v of await axeViolations(page)) {
        if (v.impact === "serious" || v.impact === "critical")
          found.push(
            `${path}: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
          );
      }
    }
    await page.context().clearCookies();
    await page.goto("/signin");
    for (const v of await axeViolations(page)) {
      if (v.impact === "serious" || v.impact === "critical") found.push(`/signin: ${v.id} (${v.impact})`);
    }
    await shot(page, "signin-axe");
    expect(found).toEqual([]);
  });
});
