import { and, eq } from "drizzle-orm";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findSupplier } from "../suppliers/find-supplier";
import { toProcessView } from "./stage-account";

export async function getTransferStatus(ctx: Ctx, input: { import_supplier: string; external_account_number: string }) {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  const [row] = await ctx.db
    .select({ process: accountImportProcesses, accountNumber: accounts.number })
    .from(accountImportProcesses)
    .leftJoin(accounts, eq(accounts.id, accountImportProcesses.accountId))
    .where(and(eq(accountImportProcesses.supplierId, supplier.id), eq(accountImportProcesses.externalAccountNumber, input.external_account_number)));
  if (!row) {
    throw new ServiceError("not_found", "account_not_found", `No account ${input.external_account_number} staged or imported for ${supplier.code}.`);
  }
  return toProcessView(row.process, supplier.code, row.accountNumber);
}
