import { z } from "zod";
import { Text } from "../../lib/validators";

/** The account reference of every post-import data-import payload. */
export const AccountRef = z.strictObject({
  import_supplier: Text(64),
  external_account_number: Text(128),
});

export const SupplierExternalParams = z.strictObject({ supplier: Text(64), external: Text(128) });
