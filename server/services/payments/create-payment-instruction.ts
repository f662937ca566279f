import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentInstructions, paymentVendorFailures } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError, fieldError } from "../../errors";
import { emit } from "../../events/emit";
import { VendorFailure, type VerifiedInstruction } from "../payment-vendors/types";
import { vendorByName, verifyWithVendor } from "../payment-vendors/verify";
import { bodyError, findImportedAccount, type ImportedAccount } from "../import-bodies/common";
import {
  type CreatePaymentInstructionInput,
  type CreatePaymentInstructionResult,
  instructionReference,
} from "./payment-schemas";
import { env } from "@/server/env.mjs";

/** Consecutive intermittent failures (across requests) after which a reference gets a final 400. */
const persistentAfter = () => Math.max(1, env.PAYMENT_VENDOR_PERSISTENT_AFTER || 3);
/** A failure more than this long after the previous one starts a new count (ADR 0102). */
export const failureWindowSeconds = () => Math.max(1, env.PAYMENT_VENDOR_FAILURE_WINDOW_SECONDS || 600);

/** The instruction as the vendor checks and the table keys it. */
type Instruction = { vendor: string; reference: string };

/**
 * POST data-import/payment-instruction/create/: the vendor confirms the instruction exists
 * and is usable (outside any transaction), then it is stored as the account's one active
 * instruction. Resending the stored instruction answers 201 again without a vendor call.
 * Errors are plain; the route adds production's CreatePaymentInstructionError fields.
 */
export async function createPaymentInstruction(
  ctx: Ctx,
  input: CreatePaymentInstructionInput,
): Promise<{ created: boolean } & CreatePaymentInstructionResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const account = await findImportedAccount(
    ctx.db,
    organisationId,
    input.import_supplier,
    input.external_account_number,
  );
  const instruction: Instruction = { vendor: input.vendor, reference: instructionReference(input) };
  const number = account.number;
  const result = {
    account_number: number,
    kraken_account_number: number,
    reference: instruction.reference,
    platform_account_number: number,
  };
  if (await checkActive(ctx.db, account, instruction)) return { created: false, ...result };
  const failuresBefore = await lastFailure(ctx.db, instruction);
  const verified = await verify(ctx.db, instruction, failuresBefore);
  return withTransaction(ctx, async (tx) => {
    const locked = await findImportedAccount(tx, organisationId, input.import_supplier, input.external_account_number, {
      lock: true,
    });
    if (await checkActive(tx, locked, instruction)) return { created: false, ...result };
    const [row] = await tx
      .insert(paymentInstructions)
      .values({
        accountId: locked.id,
        vendor: input.vendor,
        type: input.type,
        reference: instruction.reference,
        ledgerCode: input.ledger_code ?? null,
        useForScheduledPayments: input.use_for_scheduled_payments ?? null,
        validFrom: input.valid_from ?? null,
        vendorStatus: verified.vendorStatus,
        vendorDetails: verified.details,
        verifiedAt: new Date(),
        requestId: ctx.requestId,
      })
      .onConflictDoNothing()
      .returning({ id: paymentInstructions.id });
    // Only another account taking the same reference at the same moment gets here.
    if (!row)
      throw bodyError([
        fieldError(
          "reference",
          "payment_instruction_reference_in_use",
          "This instruction is already the active instruction of another account.",
        ),
      ]);
    await tx
      .delete(paymentVendorFailures)
      .where(
        and(
          eq(paymentVendorFailures.vendor, instruction.vendor),
          eq(paymentVendorFailures.reference, instruction.reference),
        ),
      );
    await emit(
      tx,
      "data_import.import_process.post_import.completed",
      "v1",
      {
        resource_type: "payment_instruction",
        import_process_resource_type: "account",
        import_process_external_identifier: locked.externalAccountNumber,
        identifier: String(row.id),
      },
      { accountNumber: locked.number, organisationId },
    );
    return { created: true, ...result };
  });
}

/** True when this exact instruction is already the active one; throws when another is. */
async function checkActive(db: Db, account: ImportedAccount, input: Instruction): Promise<boolean> {
  const active = await db
    .select({
      accountId: paymentInstructions.accountId,
      vendor: paymentInstructions.vendor,
      reference: paymentInstructions.reference,
    })
    .from(paymentInstructions)
    .where(
      and(
        eq(paymentInstructions.status, "active"),
        sql`(${paymentInstructions.accountId} = ${account.id} or (${paymentInstructions.vendor} = ${input.vendor} and ${paymentInstructions.reference} = ${input.reference}))`,
      ),
    );
  const own = active.find((a) => a.accountId === account.id);
  if (own && own.vendor === input.vendor && own.reference === input.reference) return true;
  if (own) {
    // Production's error_detail, word for word.
    const detail = "Account already has an active instruction";
    throw new ServiceError("validation", "account_has_active_payment_instruction", detail, {
      errors: [
        fieldError(
          "reference",
          "account_has_active_payment_instruction",
          `${detail} (${own.vendor} ${own.reference}).`,
        ),
      ],
    });
  }
  if (active.length)
    throw bodyError([
      fieldError(
        "reference",
        "payment_instruction_reference_in_use",
        "This instruction is already the active instruction of another account.",
      ),
    ]);
  return false;
}

async function verify(db: Db, input: Instruction, failuresBefore: string | null): Promise<VerifiedInstruction> {
  try {
    return await verifyWithVendor(vendorByName(input.vendor)!, input.reference);
  } catch (err) {
    if (!(err instanceof VendorFailure)) throw err;
    if (err.kind === "not_found")
      throw bodyError([
        fieldError(
          "reference",
          "payment_instruction_not_found",
          `${input.vendor} has no instruction '${input.reference}'.`,
        ),
      ]);
    if (err.kind === "not_usable")
      throw bodyError([fieldError("reference", "payment_instruction_not_active", err.message)]);
    if (err.kind === "not_configured")
      throw bodyError([fieldError("vendor", "payment_vendor_not_configured", err.message)]);
    if (
      err.kind === "persistent" ||
      (await recordIntermittentFailure(db, input, err.message, failuresBefore)) >= persistentAfter()
    ) {
      throw bodyError([
        fieldError(
          "vendor",
          "payment_vendor_persistent_failure",
          `${input.vendor} keeps failing for this instruction (${err.message}); do not retry this request as it is.`,
        ),
      ]);
    }
    throw new ServiceError(
      "upstream_unavailable",
      "payment_vendor_unavailable",
      `${input.vendor} could not be reached (${err.message}); retry the request as it is.`,
      {
        status: 500,
        headers: { "Retry-After": "5" },
      },
    );
  }
}

/** When the last failure for this (vendor, reference) was recorded, exactly (text), or null: read before asking the vendor. */
async function lastFailure(db: Db, input: Instruction): Promise<string | null> {
  const f = paymentVendorFailures;
  const [row] = await db
    .select({ at: sql<string>`${f.lastFailedAt}::text` })
    .from(f)
    .where(and(eq(f.vendor, input.vendor), eq(f.reference, input.reference)));
  return row?.at ?? null;
}

/**
 * Counts consecutive failed requests per (vendor, reference) in PostgreSQL, so every instance
 * agrees. A failure more than the window after the previous one starts the count again, so
 * failures days apart never add up to a final 400; a success deletes the row.
 *
 * Requests that overlap count once: a failure adds to the count only when no other failure
 * was recorded since this request started (`failuresBefore`, read before the vendor was
 * asked). Concurrent copies of one request, or a resend while the abandoned first copy is
 * still running, meet the same outage; counting each would turn the retryable 500 into the
 * final 400 sooner for a script that resends, and the instruction would be given up.
 */
async function recordIntermittentFailure(
  db: Db,
  input: Instruction,
  reason: string,
  failuresBefore: string | null,
): Promise<number> {
  const f = paymentVendorFailures;
  const stale = sql`${f.lastFailedAt} < now() - make_interval(secs => ${failureWindowSeconds()})`;
  const overlapped = sql`${f.lastFailedAt}::text is distinct from ${failuresBefore}::text`;
  const [row] = await db
    .insert(f)
    .values({ vendor: input.vendor, reference: input.reference, consecutiveFailures: 1, lastError: reason })
    .onConflictDoUpdate({
      target: [f.vendor, f.reference],
      set: {
        consecutiveFailures: sql`case when ${stale} then 1 when ${overlapped} then ${f.consecutiveFailures} else ${f.consecutiveFailures} + 1 end`,
        firstFailedAt: sql`case when ${stale} then now() else ${f.firstFailedAt} end`,
        lastFailedAt: sql`now()`,
        lastError: reason,
      },
    })
    .returning({ n: f.consecutiveFailures });
  return row.n;
}
