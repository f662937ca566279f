import { z } from "zod";
import { AnyJson, Str } from "./fields";

export const Metadata = z.strictObject({
  key: Str(1024, { blank: false }),
  value: AnyJson,
});
export type Metadata = z.infer<typeof Metadata>;
export const AccountReference = z.strictObject({
  namespace: Str(50, { blank: false }),
  value: Str(100, { blank: false }),
});
export type AccountReference = z.infer<typeof AccountReference>;
export const Ledger = z.strictObject({
  ledger_code: Str(undefined, { blank: false }),
  ledger_identifier: Str().optional(),
});
export type Ledger = z.infer<typeof Ledger>;
