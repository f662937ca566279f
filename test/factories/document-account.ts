import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { makeImportedAccount } from "./account";
import { makeOrg } from "./organisation";
import { makeSupplier } from "./supplier";

/** An organisation, a supplier with a real local document root, and an imported account. */
export async function importedAccount(db: Db, opts: { documentRoot?: string } = {}) {
  const docDir = path.join("/tmp", `km-h2-docs-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(path.join(docDir, "letters"), { recursive: true });
  writeFileSync(path.join(docDir, "letters", "welcome.pdf"), "%PDF-1.4 test");
  writeFileSync(path.join(docDir, "statement-1.pdf"), "%PDF-1.4 test");
  const org = await makeOrg(db);
  const supplier = await makeSupplier(org, { documentRoot: opts.documentRoot ?? `file://${docDir}` });
  const account = await makeImportedAccount(org, supplier.code);
  return {
    org,
    supplier,
    account,
    docDir,
    auth: `Token ${org.apiKey}`,
    ref: { import_supplier: supplier.code, external_account_number: account.externalAccountNumber },
  };
}
