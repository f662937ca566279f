import { accountBody, asOperator, asSupport, expect, londonDate, test, unique, uploadJob, waitForJob } from "./support";
import { mpan } from "../fixtures";

const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const XSS = "<img src=x onerror=alert(1)>";

function csv(rows: Record<string, string>[]): string {
  const cols = Object.keys(rows[0]);
  return [cols.join(","), ...rows.map((r) => cols.map((c) => `"${(r[c] ?? "").replace(/"/g, '""')}"`).join(","))].join(
    "\n",
  );
}

test.describe
  .serial("a migration, followed by its three users", () => {
    const supplier = unique("JOURNEY");
    const stamp = Date.now().toString().slice(-9);
    const accounts = [1, 2, 3].map((i) => ({
      external: `${supplier}-ACC-${i}`,
      mpan: mpan(`15${stamp}${i}`),
      mprn: `6${stamp.slice(-7)}${i}`,
    }));
    let accountNumber = "";

    test.describe("operator", () => {
      test.use(asOperator);

      test("creates a supplier, uploads accounts (one invalid), imports the rest", async ({ page, shot }) => {
        test.setTimeout(180_000);
        await page.goto("/suppliers/new");
        await page.getByLabel("Code").fill(supplier);
        await page.getByLabel("Name").fill("Journey cohort");
        await page.getByLabel("Document root").fill("s3://journey-docs/accounts");
        await shot(page, "supplier-new");
        await page.getByRole("button", { name: "Create supplier" }).click();
        await expect(page).toHaveURL(new RegExp(`/suppliers/${supplier}$`));
        await page.getByRole("link", { name: "Account imports" }).click();
        await expect(page.getByRole("heading", { name: "Account imports" })).toBeVisible();
        await expect(page.getByText("No accounts staged yet")).toBeVisible();

        const rows = accounts.map((a, i) => ({
          external_account_number: a.external,
          billing_name: `Customer ${i + 1}`,
          billing_address1: `${i + 10} Station Road`,
          billing_address4: "York",
          billing_postcode: "YO1 7HH",
          customer_given_name: "Mary",
          customer_family_name: `Somerville ${i + 1}`,
          customer_email: `mary${i}@example.com`,
          customer_landline: i === 1 ? "12345" : "020 7946 0000",
          customer_at_supply_address_from_date: "2025-01-01",
          elec_identifier: a.mpan,
          elec_mpid: "OCTO",
          elec_supply_start_date: "2025-01-01",
          elec_tariff_code: "E-1R-VAR-22-11-01-C",
          elec_effective_from: "2025-01-01",
          gas_identifier: a.mprn,
          gas_mpid: "OCTO",
          gas_shipper_mpid: "OCT",
          gas_supply_start_date: "2025-01-01",
          gas_tariff_code: "G-1R-VAR-22-11-01-C",
          gas_effective_from: "2025-01-01",
          last_billed_to_date: londonDate(-20),
        }));
        // The file goes to the server as a job; the job's page shows it run and what failed.
        await uploadJob(page, supplier, "accounts.csv", csv(rows), { goto: false });
        await waitForJob(page, 3);
        await expect(page.getByTestId("job-counts")).toContainText("2 imported");
        await page.getByRole("button", { name: "Show all failed rows" }).click();
        const errors = page.getByTestId("failed-rows");
        await expect(errors.getByRole("row").filter({ hasText: accounts[1].external })).toContainText(
          "customer_landline",
        );
        await expect(
          errors.getByRole("row").filter({ hasText: accounts[1].external }).getByRole("cell").first(),
        ).toHaveText("3");
        await shot(page, "imports-upload-errors");

        await page.goto(`/suppliers/${supplier}/imports`);
        await page.getByLabel("Status").selectOption("imported");
        const table = page.getByRole("table", { name: "Staged and imported accounts" });
        await expect(table.getByRole("row")).toHaveCount(3);
        accountNumber = (await table
          .getByRole("row")
          .filter({ hasText: accounts[0].external })
          .getByRole("link", { name: /^A-/ })
          .textContent())!.trim();
        expect(accountNumber).toMatch(/^A-[0-9A-F]{8}$/);
        await page.getByLabel("Status").selectOption("");
        await expect(page.getByRole("img", { name: /2 staged, 2 imported/ })).toBeVisible();
        await shot(page, "imports-after-import");
      });

      test("the script sends registration flows; the operator pauses; staging is refused", async ({ page, script }) => {
        const flows = await script.post(`/v1/data-import/send-registration-flows/${supplier}/${accounts[0].external}/`);
        expect(flows.status()).toBe(200);
        const body = await flows.json();
        expect(body[0].meter_points.map((m: { mpxn: string }) => m.mpxn).sort()).toEqual(
          [accounts[0].mpan, accounts[0].mprn].sort(),
        );

        await page.goto(`/suppliers/${supplier}`);
        await page.getByRole("button", { name: "Pause" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Pause supplier" }).click();
        await expect(page.getByTestId("supplier-status")).toHaveText("Paused");
        const refused = await script.post(STAGE, { data: accountBody(supplier, accounts[1].external) });
        expect(refused.status()).toBe(400);
        expect((await refused.json()).code).toBe("import_supplier_migration_not_ongoing");
        await page.goto(`/suppliers/${supplier}/imports`);
        await expect(page.getByText(`${supplier} is Paused`).first()).toBeVisible();
      });
    });

    test("the migration script posts notes and transactions for the imported account", async ({ script }) => {
      const ref = { import_supplier: supplier, external_account_number: accounts[0].external };
      const notes = await script.post("/v1/data-import/notes/create/", {
        data: {
          ...ref,
          notes: [
            { body: "Customer asked for paper bills." },
            { body: XSS },
            { body: "Vulnerable customer: call before visiting.", is_pinned: true },
          ],
        },
      });
      expect(notes.status()).toBe(201);
      const txs = await script.post("/v1/data-import/transactions/create/", {
        data: {
          ...ref,
          transactions: [
            {
              transaction_id: `${supplier}-T1`,
              transaction_date: londonDate(-5),
              amount: 42.5,
              type: "CHARGE",
              reason: "IMPORTED_CHARGE",
            },
            {
              transaction_id: `${supplier}-T2`,
              transaction_date: londonDate(-40),
              amount: 60,
              type: "PAYMENT",
              payment_type: "DD_REGULAR_COLLECTION",
            },
          ],
        },
      });
      expect(txs.status()).toBe(201);
      expect((await txs.json()).results.map((r: { status: string }) => r.status)).toEqual([
        "TRANSACTION_ADDED_TO_ACCOUNT",
        "TRANSACTION_ADDED_TO_ACCOUNT",
      ]);
    });

    test.describe("support", () => {
      test.use(asSupport);

      test("finds the account by its external number and sees what happened", async ({ page, shot }) => {
        const alerts: string[] = [];
        page.on("dialog", (d) => (alerts.push(d.message()), void d.dismiss()));
        await page.goto("/accounts");
        await page.getByLabel(/external account number/).fill(accounts[0].external);
        await page.getByRole("button", { name: "Find account" }).click();
        await expect(page).toHaveURL(new RegExp(`/accounts/${accountNumber}$`));
        await expect(page.getByText(`External number ${accounts[0].external}`)).toBeVisible();
        await shot(page, "account-overview");

        await page.getByRole("tab", { name: /Notes/ }).click();
        const notes = page.getByTestId("notes").locator("article");
        await expect(notes).toHaveCount(4);
        // Pinned first: the script's pinned note and the one the moved transaction date pinned.
        await expect(notes.nth(0)).toContainText("Pinned");
        await expect(notes.nth(1)).toContainText("Pinned");
        await expect(notes.nth(2)).not.toContainText("Pinned");
        await expect(notes.filter({ hasText: "Vulnerable customer" })).toContainText("Pinned");
        const xss = notes.filter({ hasText: XSS });
        await expect(xss).toHaveCount(1);
        await expect(page.getByTestId("notes").locator("img")).toHaveCount(0);
        await shot(page, "account-notes");

        await page.getByRole("tab", { name: /Transactions/ }).click();
        const txs = page.getByTestId("transactions");
        await expect(txs.getByRole("row").filter({ hasText: `${supplier}-T1` })).toContainText("−£42.50");
        await expect(txs.getByRole("row").filter({ hasText: `${supplier}-T1` })).toContainText("Added to account");
        await expect(txs.getByRole("row").filter({ hasText: `${supplier}-T2` })).toContainText("(moved)");
        await shot(page, "account-transactions");

        await page.getByRole("tab", { name: /Registrations/ }).click();
        const regs = page.getByTestId("registrations");
        // Match whole cells: one meter id can be a substring of the other.
        for (const id of [accounts[0].mpan, accounts[0].mprn]) {
          await expect(regs.getByRole("row").filter({ has: page.getByText(id, { exact: true }) })).toBeVisible();
        }
        await shot(page, "account-registrations");

        await page.getByRole("tab", { name: /Events/ }).click();
        await expect(page.getByRole("cell", { name: /^account\.created/ }).first()).toBeVisible();
        await expect(page.getByRole("cell", { name: /data_import\.import_process\.complete/ }).first()).toBeVisible();
        // A ledger entry is stored once (v2) and delivered as v2 and v1.
        const ledgerRow = page.getByTestId("event-row").filter({ hasText: "billing.ledger.entry_posted" }).first();
        await expect(ledgerRow.getByTitle("also delivered as v1 (derived from v2)")).toHaveText("+ v1");
        await shot(page, "account-events");
        expect(alerts).toEqual([]);
      });
    });
  });
