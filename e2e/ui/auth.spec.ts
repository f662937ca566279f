import { expect, PASSWORD_FOR_TESTS, test } from "./support";

test.describe("signing in and out", () => {
  test("a wrong password says so; the right one returns to the page asked for", async ({ page, seed, shot }) => {
    await page.goto("/events?type=account.");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fevents%3Ftype%3Daccount\./);
    await shot(page, "signin");
    await page.getByLabel("E-mail").fill(seed.users.operator);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator(".alert-error")).toContainText("do not match");
    await expect(page.getByLabel("E-mail")).toHaveValue(seed.users.operator);
    await shot(page, "signin-wrong-password");
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/events\?type=account\.$/);
    await expect(page.getByTestId("user-name")).toHaveText("Olivia Operator");
    await expect(page.getByTestId("user-role")).toHaveText("operator");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin\?reason=signed-out/);
    await expect(page.locator(".alert-ok")).toContainText("signed out");
    await page.goto("/suppliers");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsuppliers/);
  });

  test("signing out ends the session on the server: the old cookie, put back, signs no one in", async ({
    page,
    context,
    seed,
  }) => {
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(seed.users.support);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/suppliers$/);
    const session = (await context.cookies()).find((c) => c.name.endsWith("authjs.session-token"));
    expect(session).toBeTruthy();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin\?reason=signed-out/);
    // Someone who copied the cookie before sign-out (or a browser that kept it) sends it again.
    await context.addCookies([session!]);
    await page.goto("/events");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fevents&reason=expired/);
    const me = await page.request.get(`/api/trpc/session.me?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
    expect(me.status()).toBe(401);
  });

  test("an expired session sends the user to sign in and back", async ({ page, context, seed }) => {
    await page.goto("/signin?callbackUrl=%2Fevents");
    await page.getByLabel("E-mail").fill(seed.users.support);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/events$/);
    // Expiry as the browser sees it: the session cookie is still sent but no longer valid.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.endsWith("authjs.session-token"));
    expect(session).toBeTruthy();
    await context.addCookies([{ ...session!, value: "expired.session.token" }]);
    // The live event log polls: its next call is refused and the page goes to sign in.
    await expect(page).toHaveURL(/\/signin\?reason=expired&callbackUrl=%2Fevents/, { timeout: 15_000 });
    await expect(page.locator(".alert-warn")).toContainText("session has expired");
    await page.getByLabel("E-mail").fill(seed.users.support);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test("a user of another organisation sees none of ours", async ({ page, seed }) => {
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(seed.users.outsider);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/suppliers$/);
    await expect(page.getByText("No import suppliers yet")).toBeVisible();
    await page.goto(`/accounts?q=${seed.accounts[0].externalAccountNumber}`);
    await expect(page.getByText(/Nothing found/)).toBeVisible();
    // Another organisation's account is exactly like a missing one: a 404.
    const res = await page.goto(`/accounts/${seed.accounts[0].accountNumber}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No such account" })).toBeVisible();
  });

  test("an incomplete form is checked in the browser and never sent", async ({ page, seed }) => {
    await page.goto("/signin");
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your e-mail", { exact: true })).toBeVisible();
    await expect(page.getByText("Enter your password", { exact: true })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toBeFocused();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".alert-error")).toHaveCount(0);
    await page.getByLabel("E-mail").fill(seed.users.support);
    await expect(page.getByText("Enter your e-mail", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your password", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Password")).toBeFocused();
    expect(posts).toEqual([]);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/suppliers$/);
  });

  test("a shared link with filters survives signing in: a support colleague lands on the same filtered view", async ({
    page,
    seed,
  }) => {
    const account = seed.accounts[0].accountNumber;
    const link = `/accounts/${account}?tab=ledger&type=PAYMENT`;
    await page.goto(link);
    await expect(page).toHaveURL(
      new RegExp(`/signin\\?callbackUrl=${encodeURIComponent(link).replace(/[.?]/g, "\\$&")}`),
    );
    await page.getByLabel("E-mail").fill(seed.users.support);
    await page.getByLabel("Password").fill(PASSWORD_FOR_TESTS);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${account}\\?tab=ledger&type=PAYMENT$`));
    await expect(page.getByRole("tab", { name: "Ledger" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("ledger").getByLabel("Payment", { exact: true })).toBeChecked();
  });
});
