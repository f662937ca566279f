import { z } from "zod";

export const CustomerKeyListOutput = z.array(
  z.object({
    id: z.number(),
    email: z.string(),
    prefix: z.string(),
    createdBy: z.string(),
    createdAt: z.string(),
    invalidatedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  }),
);

export const CustomerKeyIssueOutput = z.object({
  id: z.number(),
  key: z.string(),
  prefix: z.string(),
  email: z.string(),
  accountNumber: z.string(),
  createdAt: z.date(),
});

export const CustomerKeyRevokeOutput = z.object({ id: z.number(), invalidatedAt: z.date().nullable() });
