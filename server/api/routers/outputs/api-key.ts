import { z } from "zod";

export const ApiKeyListOutput = z.array(
  z.object({
    id: z.number(),
    prefix: z.string(),
    createdAt: z.date(),
    createdBy: z.string(),
    invalidatedAt: z.date().nullable(),
    invalidatedBy: z.string().nullable(),
    lastUsedAt: z.date().nullable(),
  }),
);

export const ApiKeyCreateOutput = z.object({
  id: z.number(),
  key: z.string(),
  prefix: z.string(),
  createdAt: z.date(),
});

export const ApiKeyRollOutput = z.object({ id: z.number(), key: z.string(), prefix: z.string(), createdAt: z.date() });

export const ApiKeyInvalidateOutput = z.object({
  id: z.number(),
  invalidatedAt: z.date().nullable(),
  isLive: z.boolean(),
});
