import { z } from "zod";
import { DEFAULT_PAGE_SIZE, Page, QueryDateTime } from "../products/public-schemas";

/** Production's consumption routes page up to 25,000 intervals (clients ask for exactly that). */
export const MAX_CONSUMPTION_PAGE_SIZE = 25_000;

export const GROUP_BY = ["hour", "day", "week", "month", "quarter"] as const;
export type GroupBy = (typeof GROUP_BY)[number];
const ORDER_BY = ["period", "-period"] as const;

const choice = <T extends readonly string[]>(values: T, what: string) =>
  z
    .string()
    .refine((s) => s === "" || values.includes(s), {
      message: `Select a valid choice: ${values.join(", ")} (${what}).`,
      params: { code: "invalid_choice" },
    })
    .meta({ enum: [...values, ""] });

export const ConsumptionQuery = z.object({
  period_from: QueryDateTime.optional().describe(
    "Intervals starting at or after this time; without an offset it is Europe/London time.",
  ),
  period_to: QueryDateTime.optional().describe("Intervals starting before this time (exclusive)."),
  page: z
    .string()
    .optional()
    .describe(
      "1-based page number, or `last`; `next` and `previous` carry it. Anything else, or a page past the end, is a 404 invalid_page.",
    ),
  page_size: z
    .string()
    .optional()
    .describe(
      `Results per page; default ${DEFAULT_PAGE_SIZE}. A larger value than ${MAX_CONSUMPTION_PAGE_SIZE} is capped; zero, negative or not a number gives the default.`,
    ),
  order_by: choice(ORDER_BY, "`period` oldest first; `-period`, the default, newest first").optional(),
  group_by: choice(
    GROUP_BY,
    "sum the intervals per Europe/London hour, day, ISO week (from Monday), month or quarter",
  ).optional(),
});
export type ConsumptionQuery = z.infer<typeof ConsumptionQuery>;

const LondonDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
  .meta({ format: "date-time" })
  .describe("Europe/London wall time with its offset: +00:00 in winter, +01:00 in summer.");

export const ConsumptionInterval = z.strictObject({
  consumption: z
    .number()
    .min(0)
    .describe("kWh for electricity; for gas m³ (smart meters, SMETS2) or kWh (older meters), as loaded."),
  interval_start: LondonDateTime,
  interval_end: LondonDateTime,
});
export const ConsumptionPage = Page(ConsumptionInterval);

export const GSP_GROUPS = ["_A", "_B", "_C", "_D", "_E", "_F", "_G", "_H", "_J", "_K", "_L", "_M", "_N", "_P"] as const;
export const ElectricityMeterPoint = z.strictObject({
  gsp: z
    .enum(GSP_GROUPS)
    .nullable()
    .describe(
      "GSP group from the MPAN's distributor id (10 _A ... 23 _M); for other distributors the region of the current agreement's tariff, else null.",
    ),
  mpan: z.string(),
  profile_class: z.number().int().nullable(),
});
export type ElectricityMeterPoint = z.infer<typeof ElectricityMeterPoint>;

export const MeterPointParams = z.object({ mpan: z.string().describe("13-digit MPAN core") });
export const ElectricityMeterParams = MeterPointParams.extend({
  serial_number: z.string().describe("A meter of that meter point"),
});
export const GasMeterParams = z.object({
  mprn: z.string().describe("MPRN"),
  serial_number: z.string().describe("A meter of that meter point"),
});
