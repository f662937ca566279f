import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { demoAccounts } from "../../server/services/demo/demo-accounts";
import { ARTIFACTS, freshMeter } from "../fixtures";
import { accountBody, asOperator, expect, londonDate, test, unique, uploadJob, waitForJob } from "./support";

const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";

async function newSupplier(page: Page) {
  const code = unique("PROD");
  const res = await page.request.post("/api/trpc/supplier.create", {
    data: { json: { code, documentRoot: "s3://e2e/docs" } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return code;
}

function csv(rows: Record<string, string>[]): string {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return [cols.join(","), ...rows.map((r) => cols.map((c) => `"${(r[c] ?? "").replace(/"/g, '""')}"`).join(","))].join(
    "\n",
  );
}

async function stageAndProcess(
  script: APIRequestContext,
  body: { import_supplier: string; external_account_number: string },
) {
  const staged = await script.post(STAGE, { data: body });
  expect(staged.status(), await staged.text()).toBe(201);
  return script.post(PROCESS, {
    data: { import_supplier_code: body.import_supplier, external_account_number: body.external_account_number },
  });
}

test.describe("production's EnergyAccount in the console", () => {
  test.use(asOperator);

  test("a CSV upload fills production's fields, and a problem is named on its row and column", async ({
    page,
    shot,
  }) => {
    test.setTimeout(180_000);
    const code = await newSupplier(page);
    await page.goto(`/suppliers/${code}/imports`);
    const row = (over: Record<string, string>) => {
      const m = freshMeter();
      return {
        external_account_number: unique("CSV"),
        account_type: "DOMESTIC",
        billing_name: "Mary Somerville",
        billing_address1: "8 Castle Street",
        billing_address4: "Edinburgh",
        billing_postcode: "EH2 3AT",
        customer_given_name: "Mary",
        customer_family_name: "Somerville",
        customer_at_supply_address_from_date: "2025-01-01",
        elec_identifier: m.mpan,
        elec_mpid: "OCTO",
        elec_supply_start_date: "2025-01-01",
        elec_meter_serial_number: "E12345",
        elec_register_ids: "1;2",
        elec_register_tprs: "00001;00002",
        elec_register_digits: "5",
        elec_tariff_code: "E-1R-VAR-22-11-01-C",
        elec_effective_from: "2025-01-01",
        gas_identifier: m.mprn,
        gas_mpid: "OCTO",
        gas_shipper_mpid: "OCT",
        gas_supply_start_date: "2025-01-01",
        gas_tariff_code: "G-1R-VAR-22-11-01-C",
        gas_effective_from: "2025-01-01",
        last_billed_to_date: londonDate(-20),
        transfer_balance: "-42.17",
        ...over,
      };
    };
    const rows = [row({}), row({ elec_register_tprs: "00001;2" }), row({ gas_shipper_mpid: "" })];
    expect(
      decodeURIComponent((await page.getByRole("link", { name: "CSV template" }).getAttribute("href"))!),
    ).toContain("elec_identifier,elec_mpid");
    await uploadJob(page, code, "accounts.csv", csv(rows), { goto: false });
    await waitForJob(page, 3);
    await expect(page.getByTestId("job-counts")).toContainText("1 imported");
    await page.getByRole("button", { name: "Show all failed rows" }).click();
    const errors = page.getByTestId("failed-rows");
    const tpr = errors.getByRole("row").filter({ hasText: rows[1].external_account_number });
    await expect(tpr.getByRole("cell").nth(0)).toHaveText("3");
    await expect(tpr.getByRole("cell").nth(2)).toHaveText("elec_register_tprs");
    await expect(tpr).toContainText("tpr_not_found");
    const shipper = errors.getByRole("row").filter({ hasText: rows[2].external_account_number });
    await expect(shipper.getByRole("cell").nth(2)).toHaveText("gas_shipper_mpid");
    await expect(shipper).toContainText("gas_shipper_mpid is required.");

    await shot(page, "upload-csv-error");
    await page.goto(`/suppliers/${code}/imports`);

    await page.getByText("CSV columns and the production fields they fill").click();
    const columns = page.getByRole("table", { name: "CSV columns" });
    await expect(columns.getByRole("row").filter({ hasText: "elec_register_tprs" })).toContainText(
      "supply_addresses.0.meter_points.{elec}.meters.0.registers.*.tpr",
    );
    await page.locator("section.csv-columns").screenshot({ path: path.join(ARTIFACTS, "upload-csv-columns.png") });
  });

  test("an import record shows the staged payload as a tree, with the stored error at its attr", async ({
    page,
    seed,
    script,
    shot,
  }) => {
    const meter = freshMeter();
    const first = accountBody(seed.suppliers.ongoing, unique("TREE"), meter);
    const second = {
      ...accountBody(seed.suppliers.ongoing, unique("TREE"), meter),
      billing_email: "bills@example.com",
      debts: [{ agency_name: "Acme Collections", start_date: "2025-06-01" }],
    };
    // Both stage (staging checks imported accounts only); processing the second finds the meter point taken.
    for (const body of [first, second]) expect((await script.post(STAGE, { data: body })).status()).toBe(201);
    const process = (external: string) =>
      script.post(PROCESS, {
        data: { import_supplier_code: seed.suppliers.ongoing, external_account_number: external },
      });
    expect((await process(first.external_account_number)).status()).toBe(201);
    expect((await process(second.external_account_number)).status()).toBe(400);

    await page.goto(`/accounts/import/${seed.suppliers.ongoing}/${second.external_account_number}`);
    const attr = "supply_addresses.0.meter_points.0.identifier";
    const tree = page.getByRole("group", { name: "Staged payload" });
    const marked = tree.locator(`[data-path="${attr}"]`);
    await expect(marked).toBeVisible();
    await expect(marked).toHaveClass(/has-error/);
    await expect(marked).toHaveAttribute("data-error", "supply_point_on_another_account");
    await expect(marked).toContainText(meter.mpan);
    await expect(tree.locator('[data-path="supply_addresses"] > details > summary')).toContainText("2 problems inside");
    // Every field the script sent is there, including those the platform only keeps.
    await expect(tree.locator('[data-path="import_supplier"]')).toContainText(seed.suppliers.ongoing);
    await expect(tree.locator('[data-path="debts.0.agency_name"]')).toContainText("Acme Collections");
    await shot(page, "import-record-payload-tree");
    // The error list links to the marked field.
    await page.getByRole("alert").getByRole("link", { name: attr }).click();
    await expect(page).toHaveURL(new RegExp(`#payload-${attr.replace(/\./g, "\\.")}$`));
    await expect(marked).toBeInViewport();

    await page.getByRole("button", { name: "Collapse all" }).click();
    await expect(marked).toBeHidden();
    await page.getByRole("button", { name: "Expand all" }).click();
    await expect(
      tree.locator('[data-path="supply_addresses.0.meter_points.1.agreements.0.tariff_code"]'),
    ).toBeVisible();
  });

  test("a demo account's page shows what the platform mapped from production's payload", async ({
    page,
    seed,
    script,
    shot,
  }) => {
    const meter = freshMeter();
    const demo = demoAccounts()[0](seed.suppliers.ongoing) as Record<string, unknown> & {
      import_supplier: string;
      external_account_number: string;
      supply_addresses: { meter_points: { identifier: string }[] }[];
    };
    demo.external_account_number = unique("DEMO");
    demo.supply_addresses[0].meter_points[0].identifier = meter.mpan;
    demo.supply_addresses[0].meter_points[1].identifier = meter.mprn;
    const done = await stageAndProcess(script, demo);
    expect(done.status(), await done.text()).toBe(201);
    const number = (await done.json()).kraken_account_number as string;

    await page.goto(`/accounts/${number}`);
    await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
    await expect(page.getByText("Domestic", { exact: true })).toBeVisible();
    await expect(page.getByText("Channel: Direct")).toBeVisible();
    await expect(page.getByText("Transfer balance (carried over) −£42.17 owed")).toBeVisible();
    await expect(page.getByText("Billed to 31 Oct 2026")).toBeVisible();
    // Whole-text matches: freshMeter's MPRN is a substring of its MPAN.
    const point = (id: string) => page.getByTestId("meter-point").filter({ has: page.getByText(id, { exact: true }) });
    const elec = point(meter.mpan);
    await expect(elec).toContainText("OCTO");
    await expect(elec).toContainText("0393");
    await expect(elec).toContainText("Register 1 · TPR 00001 · 5 digits · settlement");
    await expect(elec).toContainText("E-1R-VAR-22-11-01-C from 1 Jun 2025 (open-ended)");
    await expect(point(meter.mprn)).toContainText("Shipper MPID");
    await expect(page.getByTestId("customer")).toContainText("Opted into sms: yes");
    // All eleven tabs, with their counts, are in view beside the sidebar at the suite's 1360-px width (wrapping if need be).
    await expect(page.getByRole("tab", { name: /Notes/ })).toHaveText("Notes0");
    await expect(page.getByRole("tab", { name: /Transactions/ })).toHaveText("Transactions0");
    await expect(page.getByRole("tab", { name: /Events/ })).toBeInViewport({ ratio: 1 });
    await shot(page, "account-demo");

    await page.getByRole("tab", { name: /Readings/ }).click();
    await expect(page.getByTestId("readings").locator("tbody tr")).toHaveCount(4);
    await expect(page.getByTestId("readings").locator("tbody tr").first()).toContainText("Transfer reading");
    await shot(page, "account-demo-readings");

    await page.getByRole("tab", { name: /Payload/ }).click();
    const tree = page.getByRole("group", { name: "Imported payload" });
    await expect(tree.locator('[data-path="customers.0.customer_preferences"] > details > summary')).toContainText(
      "Deprecated",
    );
    await expect(
      tree.locator('[data-path="supply_addresses.0.meter_points.0.eac_history.0.consumption"]'),
    ).toContainText("2700.00");
    await shot(page, "account-demo-payload");
  });
});
