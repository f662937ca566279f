import { z } from "zod";

export const ProductListOutput = z.object({
  brands: z.array(z.string()),
  nextCursor: z.string().nullable(),
  items: z.array(
    z.object({
      code: z.string(),
      displayName: z.string(),
      fullName: z.string(),
      description: z.string(),
      brand: z.string(),
      direction: z.enum(["IMPORT", "EXPORT"]),
      term: z.number().nullable(),
      flags: z.object({
        green: z.boolean(),
        prepay: z.boolean(),
        variable: z.boolean(),
        tracker: z.boolean(),
        business: z.boolean(),
        restricted: z.boolean(),
      }),
      availableFrom: z.date(),
      availableTo: z.date().nullable(),
      tariffs: z.array(
        z.object({
          code: z.string(),
          fuel: z.enum(["electricity", "gas"]),
          registers: z.number(),
          region: z.enum(["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P"]),
          paymentMethods: z.array(z.enum(["DIRECT_DEBIT", "NON_DIRECT_DEBIT", "PREPAYMENT"])),
        }),
      ),
    }),
  ),
});

export const ProductRatesOutput = z.object({
  tariffCode: z.string(),
  rates: z.array(
    z.object({
      type: z.string(),
      paymentMethod: z.string().nullable(),
      excVat: z.string(),
      incVat: z.string(),
      validFrom: z.date(),
      validTo: z.date().nullable(),
    }),
  ),
});
