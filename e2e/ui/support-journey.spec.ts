import type { Page } from "@playwright/test";
import { accountBody, asSupport, expect, londonDate, test, unique } from "./support";

/** The balance a support user reads, as a number of pence ("−£25.50" is -2550). */
const pence = (shown: string) => Math.round(Number(shown.replace("−", "-").replace(/[£,\s]/g, "")) * 100);

/** A distinctive caller: an uncommon surname, a postcode and phone number no seeded account has. */
const SURNAME = "Wojciechowska";
const POSTCODE = "TR19 7AA";
const PHONE = "07834 654321";

test.describe
  .serial("support answers a caller from one page", () => {
    test.use(asSupport);
    const external = unique("CALLER");
    let accountNumber = "";
    let meterPoint = "";
    // Posted after import, in date order; the payload's transfer_balance opens the ledger.
    const transferBalance = "-25.50";
    const posted = [
      {
        transaction_id: `${external}-1`,
        transaction_date: londonDate(-15),
        amount: "80.00",
        type: "CHARGE",
        reason: "IMPORTED_CHARGE",
      },
      {
        transaction_id: `${external}-2`,
        transaction_date: londonDate(-12),
        amount: "50.00",
        type: "PAYMENT",
        reason: "ACCOUNT_CHARGE_PAYMENT",
        payment_type: "DD_REGULAR_COLLECTION",
      },
      {
        transaction_id: `${external}-3`,
        transaction_date: londonDate(-10),
        amount: "5.25",
        type: "CREDIT",
        reason: "IMPORTED_CREDIT",
      },
      {
        transaction_id: `${external}-4`,
        transaction_date: londonDate(-5),
        amount: "30.10",
        type: "PAYMENT",
        reason: "ACCOUNT_CHARGE_PAYMENT",
        payment_type: "DEBIT_CARD",
      },
      {
        transaction_id: `${external}-5`,
        transaction_date: londonDate(-3),
        amount: "12.34",
        type: "CHARGE",
        reason: "IMPORTED_CHARGE",
      },
    ];

    test("the migration script imports the caller's account, transactions and notes", async ({ script, seed }) => {
      const body = accountBody(seed.suppliers.forSupport, external);
      meterPoint = body.supply_addresses[0].meter_points[0].identifier;
      Object.assign(body, {
        billing_name: `Agnieszka ${SURNAME}`,
        billing_postcode: POSTCODE,
        transfer_balance: transferBalance,
        customers: [
          {
            given_name: "Agnieszka",
            family_name: SURNAME,
            email: `agnieszka.${external.toLowerCase()}@example.com`,
            mobile: PHONE,
          },
        ],
      });
      body.supply_addresses[0].supply_postcode = POSTCODE;
      expect(
        (await script.post("/v1/data-import/account-import-process/create-or-update/", { data: body })).status(),
      ).toBe(201);
      const done = await script.post("/v1/data-import/account-import-process/process/", {
        data: { import_supplier: seed.suppliers.forSupport, external_account_number: external },
      });
      expect(done.status()).toBe(201);
      accountNumber = (await done.json()).kraken_account_number;
      const ref = { import_supplier: seed.suppliers.forSupport, external_account_number: external };
      expect(
        (
          await script.post("/v1/data-import/transactions/create/", { data: { ...ref, transactions: posted } })
        ).status(),
      ).toBe(201);
      const notes = [
        { body: "Customer disputes the estimated reading from March.", created_at: "2026-10-01T09:00:00Z" },
        {
          body: "Refund requested by phone; promised a call back.",
          created_at: "2026-10-03T09:00:00Z",
          is_pinned: true,
        },
      ];
      expect((await script.post("/v1/data-import/notes/create/", { data: { ...ref, notes } })).status()).toBe(201);
      // A namesake, staged only: a near spelling lists both, with what matched.
      const namesake = {
        ...accountBody(seed.suppliers.forSupport, `${external}-NS`),
        billing_name: "Piotr Wojciechowski",
        customers: [{ given_name: "Piotr", family_name: "Wojciechowski" }],
      };
      expect(
        (await script.post("/v1/data-import/account-import-process/create-or-update/", { data: namesake })).status(),
      ).toBe(201);
    });

    async function findAndOpen(page: Page, query: string) {
      await page.goto("/accounts");
      await page.getByLabel(/external account number/).fill(query);
      await page.getByRole("button", { name: "Find account" }).click();
      // One match opens the account; several list it with why each matched.
      const results = page.getByTestId("search-results");
      const account = page.getByRole("heading", { level: 1, name: accountNumber });
      await expect(account.or(results)).toBeVisible();
      if (await results.isVisible()) {
        const row = results.locator("tr", { has: page.getByRole("link", { name: accountNumber }) });
        await expect(row.locator("mark").first()).toBeVisible();
        await row.getByRole("link", { name: accountNumber }).click();
      }
      await expect(page).toHaveURL(new RegExp(`/accounts/${accountNumber}$`));
    }

    test("finds the account from a misspelt surname, a postcode without its space, a phone number with spaces, an MPAN's first 6 digits", async ({
      page,
      context,
      shot,
    }) => {
      await page.goto(`/accounts?q=${encodeURIComponent("Wojciechowsky")}`);
      const results = page.getByTestId("search-results");
      await expect(results.getByRole("link", { name: accountNumber })).toBeVisible();
      await expect(results.locator("tr", { hasText: accountNumber }).locator("mark").first()).toHaveText(SURNAME);
      await expect(results.locator("tr", { hasText: `${external}-NS` })).toContainText("staged");
      await shot(page, "support-search-results");
      // A staged namesake has only its import record: its external number is copied from there.
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await results.getByRole("link", { name: `${external}-NS` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `${external}-NS` })).toBeVisible();
      await page.getByRole("button", { name: `Copy external number ${external}-NS` }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${external}-NS`);
      await findAndOpen(page, "Wojciechowsky");
      await findAndOpen(page, POSTCODE.replace(" ", ""));
      await findAndOpen(page, "07834 654 321");
      await findAndOpen(page, meterPoint.slice(0, 6));
    });

    test("opens the ledger, filters to payments, checks balances and totals, and shares the filtered view", async ({
      page,
      context,
      shot,
    }) => {
      await page.goto(`/accounts/${accountNumber}`);
      await page.getByRole("tab", { name: "Ledger" }).click();
      const ledger = page.getByTestId("ledger");
      await expect(ledger.getByTestId("ledger-entries").locator("tbody tr")).toHaveCount(posted.length);
      // Expected from the payload: a credit balance is positive; payments and credits raise it, charges lower it.
      let running = pence(transferBalance);
      const balances = new Map(
        posted.map((t) => [
          t.transaction_id,
          (running += (t.type === "PAYMENT" || t.type === "CREDIT" ? 1 : -1) * pence(t.amount)),
        ]),
      );
      await expect(ledger.locator('[data-stat="opening"] .value')).toHaveText("−£25.50");
      expect(pence(await ledger.locator('[data-stat="closing"] .value').innerText())).toBe(running);

      await ledger.getByLabel("Payment", { exact: true }).check();
      await ledger.getByRole("button", { name: "Apply" }).click();
      const payments = posted.filter((t) => t.type === "PAYMENT");
      const rows = ledger.getByTestId("ledger-entries").locator("tbody tr");
      await expect(rows).toHaveCount(payments.length);
      for (const [i, t] of payments.entries()) {
        await expect(rows.nth(i)).toHaveAttribute("data-transaction-id", t.transaction_id);
        expect(pence(await rows.nth(i).locator('[data-col="balance"]').innerText())).toBe(
          balances.get(t.transaction_id),
        );
        expect(pence(await rows.nth(i).locator('[data-col="effect"]').innerText())).toBe(pence(t.amount));
      }
      expect(pence(await ledger.locator('[data-stat="net"] .value').innerText())).toBe(
        payments.reduce((s, t) => s + pence(t.amount), 0),
      );
      await expect(ledger.locator('[data-stat="count"] .value')).toHaveText(String(payments.length));
      await expect(page).toHaveURL(/tab=ledger/);
      await expect(page).toHaveURL(/type=PAYMENT/);
      await shot(page, "support-ledger-payments");

      // Copied with the copy button (it says so), the link a colleague is sent is the filtered view.
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const copy = ledger.getByRole("button", { name: "Copy link link to this ledger view" });
      await copy.click();
      await expect(copy).toContainText("Copied");
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(new URL(link).searchParams.get("type")).toBe("PAYMENT");
      expect(link).toBe(
        new URL((await ledger.getByTestId("ledger-link").getAttribute("href"))!, page.url()).toString(),
      );
      const colleague = await context.newPage();
      await colleague.goto(link);
      const shared = colleague.getByTestId("ledger");
      await expect(shared.getByLabel("Payment", { exact: true })).toBeChecked();
      await expect(shared.getByTestId("ledger-entries").locator("tbody tr")).toHaveCount(payments.length);
      await expect(shared.locator('[data-stat="net"] .value')).toHaveText(
        await ledger.locator('[data-stat="net"] .value').innerText(),
      );
      const csv = await colleague.request.get(`/accounts/${accountNumber}/ledger.csv?type=PAYMENT`);
      expect(csv.status()).toBe(200);
      expect((await csv.text()).trim().split("\r\n")).toHaveLength(2 + payments.length);
      // Newest first: the same entries and balances the other way round, kept in the address.
      await shared.getByRole("button", { name: "Newest first" }).click();
      await expect(shared.getByRole("button", { name: "Newest first" })).toHaveAttribute("aria-pressed", "true");
      const reversed = [...payments].reverse();
      const sharedRows = shared.getByTestId("ledger-entries").locator("tbody tr");
      await expect(sharedRows.first()).toHaveAttribute("data-transaction-id", reversed[0].transaction_id);
      for (const [i, t] of reversed.entries()) {
        await expect(sharedRows.nth(i)).toHaveAttribute("data-transaction-id", t.transaction_id);
        expect(pence(await sharedRows.nth(i).locator('[data-col="balance"]').innerText())).toBe(
          balances.get(t.transaction_id),
        );
      }
      await expect(colleague).toHaveURL(/order=newest/);
      await expect(shared).toContainText("newest first");
      await colleague.reload();
      await expect(colleague.getByTestId("ledger").getByRole("button", { name: "Newest first" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(colleague.getByTestId("ledger-entries").locator("tbody tr").first()).toHaveAttribute(
        "data-transaction-id",
        reversed[0].transaction_id,
      );
      await shot(colleague, "support-ledger-newest-first");
      await colleague.close();
    });

    test("searches the notes and reads the timeline", async ({ page, shot }) => {
      await page.goto(`/accounts/${accountNumber}?tab=notes`);
      await page.getByLabel("Search the notes").fill("refunds");
      await page.getByRole("button", { name: "Search notes" }).click();
      const found = page.getByTestId("notes-results").locator("article");
      await expect(found).toHaveCount(1);
      await expect(found.locator("mark")).toHaveText("Refund");
      await expect(found).toContainText("Pinned");
      await expect(page).toHaveURL(/notes=refunds/);
      await shot(page, "support-notes-search");
      await page.goto(`/accounts/${accountNumber}?tab=timeline`);
      const timeline = page.getByTestId("timeline");
      await expect(timeline.getByRole("link", { name: "account.created" })).toBeVisible();
      await expect(timeline.getByRole("link", { name: "Imported" })).toBeVisible();
      await expect(timeline.getByRole("link", { name: "PAYMENT" })).toHaveCount(2);
      await shot(page, "support-timeline");
      // An event's row opens that event itself, not a list of its type.
      await timeline.getByRole("link", { name: "account.created" }).click();
      await expect(page).toHaveURL(/\/events\?account=[^&]+&event=[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { name: "Linked event" })).toBeVisible();
      await expect(page.getByText("CloudEvents envelope").first()).toBeVisible();
    });

    test("on a phone the timeline's rows stack: each item's link in view, its kind, time and detail under it", async ({
      page,
      shot,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/accounts/${accountNumber}?tab=timeline`);
      const timeline = page.getByTestId("timeline");
      const item = timeline.getByRole("link", { name: "account.created" });
      await expect(item).toBeVisible();
      // In view without scrolling the table sideways.
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expect(timeline.getByRole("columnheader", { name: "When" })).toBeHidden();
      const row = timeline
        .getByTestId("timeline-row")
        .filter({ has: page.getByRole("link", { name: "account.created" }) });
      await expect(row.locator(".timeline-meta")).toBeVisible();
      await expect(row.locator(".timeline-meta")).toContainText("Event");
      await expect(row.locator(".timeline-meta")).toContainText(/\d{2}:\d{2}/);
      await shot(page, "support-timeline-390");
      const scroll = await timeline
        .locator(".table-wrap")
        .first()
        .evaluate((wrap) => ({
          scrollWidth: wrap.scrollWidth,
          clientWidth: wrap.clientWidth,
          widest: [...wrap.querySelectorAll("td *")]
            .map((e) => [e.className, e.getBoundingClientRect().right, e.textContent?.slice(0, 40)])
            .sort((a, b) => (b[1] as number) - (a[1] as number))
            .slice(0, 3),
        }));
      expect(scroll, JSON.stringify(scroll.widest)).toMatchObject({ scrollWidth: scroll.clientWidth });
      await item.click();
      await expect(page).toHaveURL(/\/events\?account=[^&]+&event=[0-9a-f-]{36}$/);
    });
  });
