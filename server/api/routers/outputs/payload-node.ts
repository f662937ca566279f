import { z } from "zod";
import type { PayloadNode as PayloadNodeType } from "@/server/services/account-import/payload-tree";

/** A staged payload's field tree as the console shows it (payload-tree.ts); recursive, hence lazy. */
export const PayloadNode: z.ZodType<PayloadNodeType> = z.lazy(() =>
  z.object({
    key: z.string(),
    path: z.string(),
    kind: z.enum(["object", "array", "string", "number", "boolean", "null"]),
    value: z.string().optional(),
    children: z.array(PayloadNode).optional(),
    summary: z.string().optional(),
    note: z.string().optional(),
    unknown: z.literal(true).optional(),
  }),
);
