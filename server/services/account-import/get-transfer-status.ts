import { and, eq } from "drizzle-orm";
import { accountImportProcesses, accounts } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findSupplier } from "../suppliers/find-supplier";

export type TransferStatus = "UNKNOWN" | "IN_PROGRESS" | "COMPLETED";

/**
 * Production's AccountTransferStatus: COMPLETED once the account exists, IN_PROGRESS while a
 * scheduled import (v2) is waiting or running, UNKNOWN otherwise (staged, or processing failed).
 */
export async function getTransferStatus(ctx: Ctx, input: { import_supplier: string; external_account_number: string }) {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  const [row] = await ctx.db
    .select({
      status: accountImportProcesses.status,
      scheduled: accountImportProcesses.scheduledAt,
      accountNumber: accounts.number,
    })
    .from(accountImportProcesses)
    .leftJoin(accounts, eq(accounts.id, accountImportProcesses.accountId))
    .where(
      and(
        eq(accountImportProcesses.supplierId, supplier.id),
        eq(accountImportProcesses.externalAccountNumber, input.external_account_number),
      ),
    );
  if (!row) {
    throw new ServiceError(
      "not_found",
      "account_not_found",
      `No account import process ${input.external_account_number} for ${supplier.code}.`,
    );
  }
  const status: TransferStatus = row.accountNumber ? "COMPLETED" : row.scheduled ? "IN_PROGRESS" : "UNKNOWN";
  return { status, kraken_account_number: row.accountNumber ?? "", account_number: row.accountNumber ?? "" };
}
