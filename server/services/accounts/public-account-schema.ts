import { z } from "zod";

const IsoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  .meta({ format: "date-time" });

export const PublicAgreement = z.strictObject({
  tariff_code: z.string(),
  valid_from: IsoDateTime,
  valid_to: IsoDateTime.nullable(),
});

export const PublicElectricityMeterPoint = z.strictObject({
  mpan: z.string(),
  profile_class: z.number().int().nullable(),
  consumption_standard: z.number().int().nullable(),
  meters: z.array(
    z.strictObject({
      serial_number: z.string(),
      registers: z.array(
        z.strictObject({ identifier: z.string(), rate: z.string().nullable(), is_settlement_register: z.boolean() }),
      ),
    }),
  ),
  agreements: z.array(PublicAgreement),
  is_export: z.boolean(),
});

export const PublicGasMeterPoint = z.strictObject({
  mprn: z.string(),
  consumption_standard: z.number().int().nullable(),
  meters: z.array(z.strictObject({ serial_number: z.string() })),
  agreements: z.array(PublicAgreement),
});

export const PublicProperty = z.strictObject({
  id: z.number().int(),
  moved_in_at: IsoDateTime.nullable(),
  moved_out_at: IsoDateTime.nullable(),
  address_line_1: z.string(),
  address_line_2: z.string().describe("Empty string when not given, as in production."),
  address_line_3: z.string(),
  town: z.string(),
  county: z.string(),
  postcode: z.string(),
  electricity_meter_points: z.array(PublicElectricityMeterPoint),
  gas_meter_points: z.array(PublicGasMeterPoint),
});

/** `GET /v1/accounts/<number>/`, shaped like the production account endpoint. */
export const PublicAccount = z.strictObject({ number: z.string(), properties: z.array(PublicProperty) });
export type PublicAccount = z.infer<typeof PublicAccount>;

export const PublicAccountParams = z.object({
  account_number: z.string().describe("Platform account number, e.g. A-C90DC431."),
});
