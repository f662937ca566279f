import { asOperator, asSupport, expect, test } from "./support";

/**
 * An operator issues a customer's own key from the account page (what a Home Assistant user
 * pastes into the app), the key reads that customer's account and no other, and revoking it
 * in the console stops it at once (ADR 0207).
 */
test.describe("customer API keys on the account page", () => {
  test.describe("operator", () => {
    test.use(asOperator);

    test("issues a key shown once, which reads only the customer's account, and revokes it", async ({
      page,
      seed,
      playwright,
      baseURL,
      shot,
    }) => {
      const [other, grace] = seed.accounts; // accounts[1] is Grace Hopper's, grace@example.com
      await page.goto(`/accounts/${grace.accountNumber}`);
      const panel = page.getByRole("region", { name: "Customer API keys" });
      await panel.getByRole("button", { name: "Issue key for grace@example.com" }).click();
      const shown = page.getByTestId("new-customer-key");
      await expect(shown).toContainText("shown only this once");
      const key = (await shown.locator("code").innerText()).trim();
      expect(key).toMatch(/^sk_live_\w+$/);
      await shot(page, "customer-key-issued");

      const app = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` },
      });
      const own = await app.get(`/v1/accounts/${grace.accountNumber}/`);
      expect(own.status(), await own.text()).toBe(200);
      expect((await own.json()).number).toBe(grace.accountNumber);
      // Another customer's account of the same organisation does not exist for this key.
      expect((await app.get(`/v1/accounts/${other.accountNumber}/`)).status()).toBe(404);

      // Dismissed, the key is gone from the page for good; the list names it by its prefix.
      await shown.getByRole("button", { name: "Done" }).click();
      await expect(page.getByText(key)).toHaveCount(0);
      const row = panel.getByRole("row").filter({ hasText: key.slice(0, 12) });
      await expect(row).toContainText("grace@example.com");
      await expect(row).toContainText("active");

      await row.getByRole("button", { name: "Revoke" }).click();
      await expect(row).toContainText("revoked");
      await expect(row.getByRole("button", { name: "Revoke" })).toHaveCount(0);
      expect((await app.get(`/v1/accounts/${grace.accountNumber}/`)).status()).toBe(401);
      await app.dispose();

      // The audit log says that it was issued and revoked, in words.
      await page.goto("/audit");
      await expect(page.getByText("Customer API key revoked").first()).toBeVisible();
      await expect(page.getByText("Customer API key issued").first()).toBeVisible();
    });
  });

  test.describe("support", () => {
    test.use(asSupport);

    test("sees the keys but cannot issue or revoke one", async ({ page, seed }) => {
      await page.goto(`/accounts/${seed.accounts[1].accountNumber}`);
      const panel = page.getByRole("region", { name: "Customer API keys" });
      await expect(panel.getByRole("heading", { name: "Customer API keys" })).toBeVisible();
      await expect(panel.getByRole("button", { name: /Issue key/ })).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Revoke" })).toHaveCount(0);
    });
  });
});
