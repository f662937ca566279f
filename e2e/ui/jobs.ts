import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** Uploads a file on the supplier's imports page as an import job; returns the job's number once its page is open. */
export async function uploadJob(
  page: Page,
  code: string,
  name: string,
  content: string | Buffer,
  opts: { dryRun?: boolean; goto?: boolean } = {},
) {
  if (opts.goto !== false) await page.goto(`/suppliers/${encodeURIComponent(code)}/imports`);
  await page.getByLabel("Accounts file").setInputFiles({
    name,
    mimeType: name.endsWith(".csv") ? "text/csv" : "application/x-ndjson",
    buffer: Buffer.from(content),
  });
  if (opts.dryRun) await page.getByLabel(/^Dry run/).check();
  await page.getByRole("button", { name: opts.dryRun ? "Upload and validate" : "Upload and import" }).click();
  await page.waitForURL(/\/import-jobs\/\d+$/, { timeout: 60_000 });
  return Number(/(\d+)$/.exec(page.url())![1]);
}

/** Waits on the job's page until it says it is finished, with every row handled. */
export async function waitForJob(page: Page, total: number, timeout = 60_000) {
  const bar = page.getByRole("progressbar", { name: "Job progress" });
  await expect(bar).toHaveAttribute("aria-valuetext", `${total} of ${total} handled`, { timeout });
  await expect(
    page
      .getByRole("heading", { name: /^Job \d+:/ })
      .locator("xpath=../..")
      .getByText("Completed"),
  ).toBeVisible({ timeout });
}
