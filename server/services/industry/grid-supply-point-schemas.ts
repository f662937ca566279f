import { z } from "zod";
import { GSP_GROUPS } from "../consumption/consumption-schemas";
import { Page } from "../products/public-schemas";

export const GridSupplyPointsQuery = z.object({
  postcode: z
    .string()
    .max(64)
    .optional()
    .describe(
      "A UK postcode (any case, with or without the space) or its outward code (SW1A, LS1). Omitted or empty: every group. A postcode the table cannot map: an empty page.",
    ),
});
export type GridSupplyPointsQuery = z.infer<typeof GridSupplyPointsQuery>;

export const GridSupplyPoint = z.strictObject({
  group_id: z.enum(GSP_GROUPS).describe("The GSP group (region) of the tariffs: _A Eastern ... _P North Scotland."),
});
export const GridSupplyPointPage = Page(GridSupplyPoint);
export type GridSupplyPointPage = z.infer<typeof GridSupplyPointPage>;
