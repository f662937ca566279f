import { z } from "zod";
import { DeliveryPointIdentifier, JsonObject, Str } from "./fields";

/** Object codes: invalid_postcode, invalid_address. */
export const Address = z.strictObject({
  administrative_area: Str(512).optional(),
  country: Str(2, { blank: false }),
  delivery_point_identifier: DeliveryPointIdentifier.optional(), // invalid_delivery_point_identifier
  dependent_locality: Str(512).optional(),
  locality: Str(512).optional(),
  name: Str().optional().describe("Deprecated."),
  organization: Str().optional().describe("Deprecated."),
  postal_code: Str(512).optional(),
  sorting_code: Str(512).optional(),
  street_address: Str().optional(),
  structured_street_address: JsonObject.nullable().optional(),
});
export type Address = z.infer<typeof Address>;
