import AxeBuilder from "@axe-core/playwright";
import { axeViolations } from "./axe";
import { expect, test } from "./support";

// The console's pages are checked by axeViolations (e2e/ui/axe.ts): in the page itself, and
// only violations collected. It must find what axe-core's default run finds.
const FLAWED = `<!doctype html><html lang="en"><head><title>Flawed</title></head><body><main>
  <h1>Flawed page</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button></button>
  <p style="color:#777;background:#888">Grey on grey</p>
  <input type="text">
</main></body></html>`;

const ids = (violations: { id: string; nodes: unknown[] }[]) =>
  violations.map((v) => `${v.id}×${v.nodes.length}`).sort();

test("finds the violations axe-core's default run finds, node for node", async ({ page }) => {
  await page.setContent(FLAWED);
  const found = await axeViolations(page);
  expect(ids(found)).toEqual(["button-name×1", "color-contrast×1", "image-alt×1", "label×1"]);
  expect(found.find((v) => v.id === "image-alt")?.impact).toBe("critical");
  expect(ids(found)).toEqual(ids((await new AxeBuilder({ page }).analyze()).violations));
});

test("a page with a frame is checked frame and all", async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1>
      <iframe title="inner" srcdoc="<!doctype html><html lang=en><title>i</title><body><main><button></button></main></body></html>"></iframe>
    </main></body></html>`,
  );
  await expect.poll(() => page.frames().length).toBe(2);
  expect(ids(await axeViolations(page))).toContain("button-name×1");
});
