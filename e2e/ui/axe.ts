import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's violations on the page as it stands. It runs in the page itself (legacy mode):
 * the default mode exists for frames of other origins, which no console page has, and it
 * opened a blank page for every check to merge the frames' results. On the console's pages the
 * two find the same violations, node for node, and this takes a third of the time (ADR 0512).
 * Only violations are collected; axe-core otherwise lists every node that passed each rule. A
 * page that does have a frame is checked the default way, frames and all.
 */
export async function axeViolations(page: Page) {
  const framed = page.frames().length > 1;
  const builder = new AxeBuilder({ page }).setLegacyMode(!framed).options({ resultTypes: ["violations"] });
  return (await builder.analyze()).violations;
}
