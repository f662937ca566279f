import { z } from "zod";

export const ConsumptionUploadOutput = z.object({
  rows: z.number(),
  changed: z.number(),
  meters: z.array(
    z.object({
      fuel: z.enum(["electricity", "gas"]),
      mpxn: z.string(),
      serial_number: z.string(),
      rows: z.number(),
      changed: z.number(),
      first_interval: z.string().nullable(),
      last_interval: z.string().nullable(),
    }),
  ),
  events: z.number(),
});
