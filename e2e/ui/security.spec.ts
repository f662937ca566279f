import type { Page } from "@playwright/test";
import { asOperator, expect, PASSWORD_FOR_TESTS, test } from "./support";

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  return async () => [
    ...violations,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

test.describe("the console under its Content-Security-Policy", () => {
  test("signing in works with scripts allowed only by nonce: no violations, the page hydrates", async ({
    page,
    seed,
  }) => {
    const violations = await watchCsp(page);
    const res = await page.goto("/signin");
    const csp = res!.headers()["content-security-policy"];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // The empty-form check runs in the browser: it needs the page's scripts to have run.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your e-mail", { exact: true })).toBeVisible();
    await page.getByLabel("E-mail").fill(seed.users.operator);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/suppliers$/);
    expect(await violations()).toEqual([]);
  });

  test("the anonymous redirect from / is never cached by a shared cache", async ({ page }) => {
    const res = await page.request.get("/", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers().location).toBe("/suppliers");
    expect(res.headers()["cache-control"] ?? "").not.toMatch(/s-maxage/);
    // Over plain HTTP: no HSTS, no Secure cookies.
    expect(res.headers()["strict-transport-security"]).toBeUndefined();
  });
});

test.describe("every console page under the policy", () => {
  test.use(asOperator);

  test("loads its data in the browser with no CSP violation", async ({ page, seed }) => {
    const violations = await watchCsp(page);
    const account = seed.accounts[0];
    const nonces = new Set<string>();
    for (const path of [
      "/suppliers",
      `/suppliers/${seed.suppliers.ongoing}/imports`,
      `/accounts/${account.accountNumber}`,
      "/events",
      "/api-keys",
      "/products",
      "/api-reference",
      "/audit",
    ]) {
      const res = await page.goto(path);
      nonces.add(res!.headers()["content-security-policy"].match(/'nonce-([^']+)'/)![1]);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // "Loading…" goes only once the client islands have run and fetched over tRPC.
      await expect(page.getByText("Loading…")).toHaveCount(0);
      await expect(page.locator(".alert-error")).toHaveCount(0);
    }
    expect(nonces.size).toBe(8);
    expect(await violations()).toEqual([]);
  });
});
