import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { systemCtx } from "@/server/context";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { addDays, londonToday } from "@/server/lib/time";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { createNotes } from "@/server/services/notes/create-notes";
import { CreateNotesInput } from "@/server/services/notes/note-schemas";
import { CreateTransactionsQuery } from "@/server/services/transactions/transaction-schemas";
import { createTransactions } from "@/server/services/transactions/create-transactions";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { createConsoleUser } from "@/server/services/users/create-console-user";
import { accountPayload } from "@/test/factories/account";
import { transactionsFor } from "./import-fixtures";

// The scale database's seed, written through the app's own services so that the bulk copies
// (bench/lib/scale-build.ts) clone rows exactly as the app writes them: two organisations,
// ten suppliers each, one console user each, and one template account (both fuels, meters,
// registers, a transfer reading) with five transactions of each type and notes.

export const SUPPLIERS_PER_ORG = 10;

export type ScaleSeed = {
  organisations: { id: number; number: string; apiKey: string; userId: number }[];
  suppliers: { id: number; code: string; organisationId: number }[];
  template: { accountId: number; accountNumber: string; external: string; mpan: string; mprn: string };
};

/** The shared fixture account with the template's fixed meter ids (the clones rewrite them), and no landline. */
function templatePayload(supplierCode: string, external: string, mpan: string, mprn: string) {
  const customers = [{ given_name: "Ada", family_name: "Lovelace", email: "ada@example.com", mobile: "07911 123456" }];
  return accountPayload(supplierCode, external, { customers }, { mpan, mprn });
}

/** Organisations, suppliers, users and the template account, through the services. */
export async function seedScaleDatabase(db: Db): Promise<ScaleSeed> {
  const sys = systemCtx(db, "bench-scale");
  await loadDemoProducts(sys, { only: ["VAR-22-11-01"] });
  const organisations: ScaleSeed["organisations"] = [];
  const suppliers: ScaleSeed["suppliers"] = [];
  for (const name of ["Scale Energy One", "Scale Energy Two"]) {
    const { organisation, apiKey } = await createOrganisation(sys, { name });
    const ctx = systemCtx(db, "bench-scale", organisation.id);
    const user = await createConsoleUser(ctx, {
      email: `operator-${organisation.number.toLowerCase()}@scale.example`,
      name: "Scale operator",
      password: "scale-operator-1",
      role: "operator",
    });
    organisations.push({ id: organisation.id, number: organisation.number, apiKey: apiKey!.key, userId: user.id });
    for (let s = 0; s < SUPPLIERS_PER_ORG; s++) {
      const supplier = await createSupplier(ctx, {
        code: `SCALE-${organisations.length}-${s}`,
        documentRoot: `s3://bench-scale/${organisation.number.toLowerCase()}`,
      });
      suppliers.push({ id: supplier.id, code: supplier.code, organisationId: organisation.id });
    }
  }
  const ctx = systemCtx(db, "bench-scale", organisations[0].id);
  const external = "SCALE-TEMPLATE";
  const mpan = withMpanCheckDigit("190000000000");
  const mprn = "9000000000";
  await stageAccount(ctx, StageAccountInput.parse(templatePayload(suppliers[0].code, external, mpan, mprn)));
  const imported = await processAccountImport(ctx, {
    import_supplier: suppliers[0].code,
    external_account_number: external,
    dry_run: false,
  });
  const accountNumber = imported.account_number;
  // Five of each type, dated inside the open statement (transactionsFor rotates the types).
  await createTransactions(
    ctx,
    { import_supplier: suppliers[0].code, external_account_number: external, transactions: transactionsFor("TPL", 25) },
    CreateTransactionsQuery.parse({}),
  );
  const today = londonToday();
  await createNotes(
    ctx,
    CreateNotesInput.parse({
      import_supplier: suppliers[0].code,
      external_account_number: external,
      notes: [
        {
          body: "Customer called about their first bill.",
          external_id: "TPL-N-1",
          created_at: `${addDays(today, -10)}T10:00:00Z`,
        },
        { body: "Moved to a smart meter appointment.", created_at: `${addDays(today, -5)}T09:30:00Z`, is_pinned: true },
      ],
    }),
  );
  const [row] = await execRows<{ id: number }>(db, sql`select id from accounts where number = ${accountNumber}`);
  return { organisations, suppliers, template: { accountId: Number(row.id), accountNumber, external, mpan, mprn } };
}
