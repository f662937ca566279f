import { z } from "zod";

export const SessionMeOutput = z.object({
  id: z.number(),
  organisationId: z.number(),
  role: z.enum(["support", "operator"]),
  email: z.string(),
  name: z.string(),
});
