import type { Page } from "@playwright/test";
import { mpan } from "../fixtures";
import { axeViolations } from "./axe";
import { accountBody, asOperator, asSupport, expect, londonDate, test, unique, uploadJob, waitForJob } from "./support";

const TOTAL = 1_000;
/** Deliberate mismatches of each kind in the control file. */
const EACH = 20;

/** axe finds nothing, of any impact, on the page as it stands. */
async function noSeriousAxe(page: Page) {
  expect(
    (await axeViolations(page)).map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
    page.url(),
  ).toEqual([]);
}

type Made = { external: string; mpan: string; mprn: string };

/** 1,000 production-shaped accounts (both fuels, a transfer reading on the electricity meter) as JSON Lines. */
function accountsFile(code: string): { text: string; made: Made[] } {
  const billed = londonDate(-20);
  const made: Made[] = [];
  const lines = [];
  // Meter points unique to this run (random ones can meet an earlier account's: supply_point_on_another_account).
  const run = String(Date.now() % 100_000).padStart(5, "0");
  for (let i = 1; i <= TOTAL; i++) {
    const external = `${code}-${String(i).padStart(5, "0")}`;
    const meter = { mpan: mpan(`19${run}${String(i).padStart(5, "0")}`), mprn: `7${run}${String(i).padStart(4, "0")}` };
    const body = accountBody(code, external, meter) as ReturnType<typeof accountBody> & {
      supply_addresses: { meter_points: Record<string, unknown>[] }[];
    };
    const [elec, gas] = body.supply_addresses[0].meter_points as {
      identifier: string;
      meters: Record<string, unknown>[];
    }[];
    elec.meters[0].transfer_readings = [
      { reading_date: billed, reading_value: "12345.0", reading_type: "CUSTOMER", register_id: "1" },
    ];
    made.push({ external, mpan: elec.identifier, mprn: gas.identifier });
    lines.push(JSON.stringify(body));
  }
  return { text: `${lines.join("\n")}\n`, made };
}

/**
 * The source system's control file: every account as the platform holds it, except EACH of
 * each kind wrong (balance, gas point missing, meter serial, payment, statements, reading),
 * EACH accounts it never sent and EACH it has that the platform did not import. `fixed` rows get their right balance.
 */
function controlFile(made: Made[], fixed = 0): string {
  const billed = londonDate(-20);
  const rows = [
    "external_account_number,closing_balance_pence,mpans,mprns,payment_reference,statement_count,last_readings",
  ];
  made.forEach((m, i) => {
    if (i >= TOTAL - EACH) return; // imported, not in the control file
    const kind = Math.floor(i / EACH);
    const e = `E${m.mpan.slice(-6)}`;
    const g = `G${m.mprn.slice(-6)}`;
    rows.push(
      [
        m.external,
        kind === 0 && i >= fixed ? "1500" : "0",
        `${m.mpan}=${kind === 2 ? "WRONG" : e}`,
        kind === 1 ? "" : `${m.mprn}=${g}`,
        kind === 3 ? "DD-LEGACY-1" : "",
        kind === 4 ? "3" : "0",
        `${e}/1=${kind === 5 ? "12000" : "12345"}@${billed}`,
      ].join(","),
    );
  });
  for (let i = 1; i <= EACH; i++) rows.push(`NEVER-SENT-${i},0,,,,0,`);
  return `${rows.join("\n")}\n`;
}

const openOf = async (page: Page, check: string) =>
  Number(
    await page
      .getByTestId("summary-checks")
      .getByRole("row", { name: new RegExp(`^${check}`) })
      .getByRole("cell")
      .nth(3)
      .textContent(),
  );

test.describe
  .serial("a cohort from creation to cut-over", () => {
    test.describe.configure({ timeout: 900_000 });
    let code = "";
    let cohortUrl = "";
    let made: Made[] = [];

    test.describe("operator", () => {
      test.use(asOperator);

      test("create a cohort, import 1,000 accounts into it, reconcile against a control file with mismatches of every kind, fix two, accept the rest, sign off, cut over", async ({
        page,
        shot,
      }) => {
        code = unique("WAVE");
        const res = await page.request.post("/api/trpc/supplier.create", {
          data: { json: { code, documentRoot: "s3://e2e/cohorts" } },
        });
        expect(res.status(), await res.text()).toBe(200);

        await page.goto(`/suppliers/${code}/cohorts`);
        await noSeriousAxe(page);
        await page.getByLabel("Name").fill("Wave 1");
        await page.getByLabel("Planned cut-over date").fill(londonDate(30));
        await page.getByLabel("Notes").fill("First production wave");
        await page.getByRole("button", { name: "Create cohort" }).click();
        await page.waitForURL(/\/cohorts\/\d+$/);
        cohortUrl = new URL(page.url()).pathname;
        await expect(page.getByRole("heading", { name: "Cohort Wave 1" })).toBeVisible();
        await noSeriousAxe(page);

        // Edit the plan: the date moves and the notes say why (audited).
        await page.getByRole("button", { name: "Edit details" }).click();
        await expect(page.locator("#cohort-edit-name")).toHaveValue("Wave 1");
        await page.locator("#cohort-edit-date").fill(londonDate(35));
        await page
          .locator("#cohort-edit-notes")
          .fill("First production wave; cut-over moved a week for the London postcodes");
        await shot(page, "cohort-edit");
        await noSeriousAxe(page);
        await page.getByRole("button", { name: "Save details" }).click();
        await expect(page.getByTestId("cohort-edit-saved")).toHaveText("Changes saved.");
        await expect(page.locator("#lifecycle-title").locator("xpath=following-sibling::p")).toContainText(
          "moved a week for the London postcodes",
        );

        // An account number added by mistake is taken out again before the import.
        await page.locator("#member-list").fill("TYPO-00001");
        await page.getByRole("button", { name: "Add accounts" }).click();
        await expect(page.getByText("1 added, 0 already members.")).toBeVisible();
        await page.getByRole("button", { name: "Remove TYPO-00001 from the cohort" }).click();
        await page.getByRole("button", { name: "Confirm: remove TYPO-00001" }).click();
        await expect(page.getByTestId("member-removed")).toHaveText("TYPO-00001 removed from the cohort.");
        await expect(page.getByTestId("cohort-members")).toHaveText("0");
        await page.goto(`/audit?kind=cohort&entity=${cohortUrl.split("/").pop()}`);
        await expect(page.getByText("Cohort edited")).toBeVisible();
        await expect(page.getByText("Accounts taken out of the cohort")).toBeVisible();
        await page.goto(cohortUrl);

        const file = accountsFile(code);
        made = file.made;
        await uploadJob(page, code, "wave1.jsonl", file.text, { goto: false });
        await waitForJob(page, TOTAL, 600_000);
        await page.goto(cohortUrl);
        await expect(page.getByTestId("cohort-lifecycle").locator("[aria-current=step]")).toHaveText(/^Imported\b/, {
          timeout: 30_000,
        });
        await expect(page.getByTestId("cohort-imported")).toHaveText("1,000");

        // A bad control file is refused at its row and column, and nothing is stored.
        await page.locator("#control-file").setInputFiles({
          name: "bad.csv",
          mimeType: "text/csv",
          buffer: Buffer.from("external_account_number,closing_balance_pence\nX1,12.50\n"),
        });
        await page.getByRole("button", { name: "Upload control file" }).click();
        await expect(page.getByTestId("control-errors")).toContainText("Line 2, closing_balance_pence");
        await expect(page.getByText("No control file yet.")).toBeVisible();

        await page
          .locator("#control-file")
          .setInputFiles({ name: "control.csv", mimeType: "text/csv", buffer: Buffer.from(controlFile(made)) });
        await page.getByRole("button", { name: "Upload control file" }).click();
        await expect(page.getByTestId("control-file")).toContainText(
          `control.csv: ${(TOTAL).toLocaleString("en-GB")} accounts`,
        );
        await page.getByRole("button", { name: "Reconcile", exact: true }).click();
        await expect(page.getByTestId("summary-compared")).toHaveText("980", { timeout: 120_000 });
        expect(await openOf(page, "Closing balance")).toBe(EACH);
        expect(await openOf(page, "Meter points")).toBe(EACH);
        expect(await openOf(page, "Meters")).toBe(2 * EACH); // the wrong serials and the missing gas points
        expect(await openOf(page, "Payment instruction")).toBe(EACH);
        expect(await openOf(page, "Statements")).toBe(EACH);
        expect(await openOf(page, "Last readings")).toBe(EACH);
        expect(await openOf(page, "In both files")).toBe(2 * EACH);
        await expect(page.getByTestId("summary-balances")).toHaveText("£300.00 / £0.00");
        await page.getByLabel("Check", { exact: true }).selectOption("balance");
        await expect(page.getByTestId("results-table").getByRole("row")).toHaveCount(EACH + 1);
        await expect(page.getByTestId("results-table")).toContainText("£15.00 (1500p)");
        await shot(page, "cohort-reconciled-mismatches");
        await noSeriousAxe(page);

        // Sign-off is refused while mismatches are open.
        await page.getByRole("button", { name: "Sign off" }).click();
        await expect(page.getByTestId("sign-off-error")).toContainText("neither fixed nor accepted");

        // Two balances were wrong in the source extract: the corrected file, and a new run.
        await page.locator("#control-file").setInputFiles({
          name: "control-fixed.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(controlFile(made, 2)),
        });
        await page.getByRole("button", { name: "Upload control file" }).click();
        await expect(page.getByTestId("control-file")).toContainText("control-fixed.csv");
        await page.getByRole("button", { name: "Reconcile again" }).click();
        await expect.poll(() => openOf(page, "Closing balance"), { timeout: 120_000 }).toBe(EACH - 2);

        // Accept the rest with reasons: the balances with one, everything else with another.
        await page.getByLabel(/^Reason for accepting/).fill("Credits refunded after the extract, see MIG-41");
        await page.getByRole("button", { name: "Accept with reason" }).click();
        await expect(page.getByText(`Accepted ${EACH - 2}.`)).toBeVisible();
        await page.getByLabel("Check", { exact: true }).selectOption("");
        await page
          .getByLabel(/^Reason for accepting/)
          .fill("Source-system data errors, signed off by the migration lead");
        await page.getByRole("button", { name: "Accept with reason" }).click();
        await expect(page.getByTestId("summary-open")).toHaveText("0");
        // The cohort's own figures say the same: none open, the run's mismatches all accepted.
        await expect(page.getByTestId("cohort-open-mismatches")).toHaveText("0");
        await page.getByLabel("State", { exact: true }).selectOption("accepted");
        await expect(page.getByTestId("results-table")).toContainText("Credits refunded after the extract");
        await page.getByRole("button", { name: "Sign off" }).click();
        await expect(page.getByTestId("cohort-signed-off")).toContainText("Signed off by");
        // Signed off: the members are frozen; the plan may still be edited until the cut-over starts.
        await expect(page.getByRole("button", { name: /^Remove .* from the cohort$/ })).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Edit details" })).toBeVisible();

        await page.goto(`${cohortUrl}/summary`);
        await expect(page.getByTestId("sign-off-summary")).toContainText("Accounts reconciled");
        await shot(page, "cohort-sign-off-summary");
        await noSeriousAxe(page);

        await page.goto(cohortUrl);
        await page.getByRole("button", { name: "Start cut-over" }).click();
        await expect(page.getByTestId("cohort-lifecycle").locator("[aria-current=step]")).toHaveText(/^Cut over/, {
          timeout: 300_000,
        });
        await expect(page.getByRole("button", { name: "Edit details" })).toHaveCount(0);
        await expect(page.getByTestId("cutover-counts")).toContainText(
          "2,000 meter points · 0 waiting · 2,000 sent for registration",
        );
        await expect(page.getByTestId("cutover-counts")).toContainText(/\(([1-9][\d,]*) registered/, {
          timeout: 120_000,
        });
        await shot(page, "cohort-cut-over");
        await noSeriousAxe(page);

        await page.goto("/migration");
        await expect(page.getByTestId("cohorts-dashboard")).toContainText("Wave 1");
        await noSeriousAxe(page);
      });
    });

    test.describe("support", () => {
      test.use(asSupport);

      test("reads the cohort without its controls, and sees an account's cohort and reconciliation result on the account page", async ({
        page,
        shot,
      }) => {
        await page.goto(cohortUrl);
        await expect(page.getByRole("heading", { name: "Cohort Wave 1" })).toBeVisible();
        await expect(page.getByRole("button", { name: "Start cut-over" })).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Accept with reason" })).toHaveCount(0);
        await noSeriousAxe(page);
        await page.getByLabel("Check", { exact: true }).selectOption("balance");
        await page.getByLabel("State", { exact: true }).selectOption("accepted");
        await page.getByTestId("results-table").getByRole("link").first().click();
        await expect(page.getByTestId("account-cohort")).toContainText("Cohort Wave 1");
        await expect(page.getByTestId("account-cohort")).toContainText(
          "Closing balance: control file £15.00 (1500p), platform £0.00 (0p) (accepted by",
        );
        await shot(page, "account-cohort");
        await page.goto("/cohorts");
        await noSeriousAxe(page);
      });
    });
  });
