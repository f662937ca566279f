import type { ProductsFileInput } from "@/server/services/products/schemas";
import { uniq } from "./unique";

type Product = ProductsFileInput["products"][number];

const rate = (
  exc: string,
  inc: string,
  from: string,
  to: string | null = null,
  pm: "DIRECT_DEBIT" | "NON_DIRECT_DEBIT" | "PREPAYMENT" | null = null,
) => ({
  value_exc_vat: exc,
  value_inc_vat: inc,
  valid_from: from,
  valid_to: to,
  payment_method: pm,
});

/** Region C single and dual electricity and gas tariffs with one price change on 2026-04-01. */
export function regionCTariffs(
  code: string,
  opts: { dual?: boolean; gas?: boolean } = {},
): NonNullable<Product["tariffs"]> {
  return [
    {
      code: `E-1R-${code}-C`,
      standing_charges: [rate("50", "52.5", "2026-01-01T00:00:00Z")],
      standard_unit_rates: [
        rate("20", "21", "2026-01-01T00:00:00Z", "2026-04-01T00:00:00"),
        rate("24.5", "25.725", "2026-04-01T00:00:00"),
      ],
    },
    ...(opts.dual
      ? [
          {
            code: `E-2R-${code}-C`,
            standing_charges: [rate("50", "52.5", "2026-01-01T00:00:00Z")],
            day_unit_rates: [rate("30", "31.5", "2026-01-01T00:00:00Z")],
            night_unit_rates: [rate("12", "12.6", "2026-01-01T00:00:00Z")],
          },
        ]
      : []),
    ...(opts.gas
      ? [
          {
            code: `G-1R-${code}-C`,
            standing_charges: [rate("30", "31.5", "2026-01-01T00:00:00Z")],
            standard_unit_rates: [rate("6", "6.3", "2026-01-01T00:00:00Z")],
          },
        ]
      : []),
  ];
}

/**
 * A small catalogue under a brand of its own, so tests on a shared database never see
 * each other's products: one product per flag, one withdrawn and one not yet available.
 */
export function testCatalogue(brand = uniq("BR")) {
  const p = uniq("P");
  const base = { brand, full_name: "Test product", display_name: "Test", available_from: "2025-01-01T00:00:00Z" };
  const codes = {
    plain: `${p}-PLAIN`,
    green: `${p}-GREEN`,
    prepay: `${p}-PREPAY`,
    variable: `${p}-VAR`,
    business: `${p}-BUS`,
    tracker: `${p}-TRACK`,
    withdrawn: `${p}-OLD`,
    future: `${p}-NEW`,
  };
  const products: Product[] = [
    { ...base, code: codes.plain, term: 12, tariffs: regionCTariffs(codes.plain, { dual: true, gas: true }) },
    { ...base, code: codes.green, is_green: true, tariffs: regionCTariffs(codes.green) },
    { ...base, code: codes.prepay, is_prepay: true, tariffs: [] },
    { ...base, code: codes.variable, is_variable: true },
    { ...base, code: codes.business, is_business: true },
    { ...base, code: codes.tracker, is_tracker: true, is_variable: true },
    { ...base, code: codes.withdrawn, available_from: "2020-01-01T00:00:00Z", available_to: "2021-01-01T00:00:00Z" },
    { ...base, code: codes.future, available_from: "2099-01-01T00:00:00Z" },
  ];
  return { brand, codes, file: { products } satisfies ProductsFileInput };
}

export { rate as testRate };
