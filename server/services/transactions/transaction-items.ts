import { z } from "zod";
import { DateString, pushIssue, Text } from "../../lib/validators";
import { Dec } from "./decimals";
import { UNIT_TYPES } from "./transaction-enums";
import type { Findings } from "../../lib/findings";
import { lineItemRules } from "./transaction-rules";

/** Pushes a rule function's findings as zod issues carrying their codes, at their paths under the object checked. */
export function pushFindings(payload: z.core.ParsePayload<unknown>, findings: Findings) {
  for (const i of findings.found) pushIssue(payload, i.code, i.detail, i.path);
}

/** Free-form parameters production keeps with an item (default `{}`). */
export const Params = z.record(z.string(), z.unknown()).describe("Free-form object kept with the item; default {}.");

export const LineItem = z
  .strictObject({
    start_date: DateString,
    end_date: DateString,
    number_of_units: Dec(12, 4),
    net_amount: Dec(10, 10).describe(
      "Pounds. With price_per_unit: number_of_units x price_per_unit to within one unit of its last decimal place (at least a penny).",
    ),
    price_per_unit: Dec(8, 7).optional(),
    rate_band: Text(100)
      .optional()
      .describe(
        "Free text, e.g. CONSUMPTION_STANDARD. At most one of rate_band, rate_specification_code, time_series_specification_code.",
      ),
    rate_specification_code: Text(100).optional().describe("Needs the supply charge's supply_point_identifier."),
    time_series_specification_code: Text(100).optional(),
    external_rate_identifier: Text(255).optional(),
    units: z.array(Dec(12, 4)).optional().describe("Exactly two values when given."),
    params: Params.optional(),
  })
  .check((payload) => pushFindings(payload, lineItemRules(payload.value)));
export type LineItem = z.infer<typeof LineItem>;

export const TaxItem = z.strictObject({
  amount: Dec(10, 10).describe("Pounds."),
  value_taxed: Dec(15, 5),
  rate: Dec(15, 5).describe("e.g. 0.05 for 5% VAT."),
  tax_type: Text(50).describe("Free text, e.g. VAT."),
  unit_type: z.enum(UNIT_TYPES),
  params: Params.optional(),
});
export type TaxItem = z.infer<typeof TaxItem>;
