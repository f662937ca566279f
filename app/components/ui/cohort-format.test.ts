import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { penceAsPounds, showValue } from "./cohort-format";

/** penceAsPounds as it was written by hand before it went through the console's one money format. */
function before(pence: string): string {
  const neg = pence.startsWith("-");
  const digits = (neg ? pence.slice(1) : pence).padStart(3, "0");
  const whole = digits
    .slice(0, -2)
    .replace(/^0+(?=\d)/, "")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${neg ? "−" : ""}£${whole}.${digits.slice(-2)}`;
}

describe("pence shown as pounds on the cohort pages", () => {
  it("reads as it did: a true minus, thousands grouped, exact", () => {
    expect(["-1234", "5", "0", "123456789", "-99"].map(penceAsPounds)).toEqual([
      "−£12.34",
      "£0.05",
      "£0.00",
      "£1,234,567.89",
      "−£0.99",
    ]);
    expect([null, undefined, ""].map(penceAsPounds)).toEqual(["—", "—", "—"]);
    expect(showValue("balance", "-1234")).toBe("−£12.34 (-1234p)");
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((p) => p !== 0n),
        (p) => {
          expect(penceAsPounds(p.toString())).toBe(before(p.toString()));
        },
      ),
    );
  });
});
