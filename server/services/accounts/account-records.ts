import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  historicalStatements,
  meterPointRegistrations,
  meterPoints,
  meterReadings,
  paymentInstructions,
} from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { penceToPounds } from "../../lib/money";
import { findOwnAccount } from "./find-own-account";
import { AccountNumber } from "./get-account";

export const AccountRecordsInput = z.strictObject({ accountNumber: AccountNumber });
export type AccountRecordsInput = z.input<typeof AccountRecordsInput>;

/** Per tab, the newest rows up to this many; the tab says when there are more. */
export const RECORDS_LIMIT = 500;

/**
 * What migration scripts sent for one account after import (notes and transactions page on
 * their own: listAccountNotes, listAccountTransactions):
 * historical statements, payment instructions, meter point registrations with their outcome,
 * and the meter readings imported with the account (transfer readings and reading history).
 */
export async function getAccountRecords(ctx: Ctx, raw: AccountRecordsInput) {
  const organisationId = organisationOf(ctx);
  const { accountNumber } = AccountRecordsInput.parse(raw);
  const { account } = await findOwnAccount(ctx.db, organisationId, accountNumber);
  const id = account.id;
  const [statementRows, instructionRows, registrationRows, readingRows] = await Promise.all([
    ctx.db
      .select()
      .from(historicalStatements)
      .where(eq(historicalStatements.accountId, id))
      .orderBy(desc(historicalStatements.billPeriodToDate))
      .limit(RECORDS_LIMIT + 1),
    ctx.db
      .select({
        id: paymentInstructions.id,
        vendor: paymentInstructions.vendor,
        type: paymentInstructions.type,
        reference: paymentInstructions.reference,
        status: paymentInstructions.status,
        vendorStatus: paymentInstructions.vendorStatus,
        verifiedAt: paymentInstructions.verifiedAt,
        createdAt: paymentInstructions.createdAt,
      })
      .from(paymentInstructions)
      .where(eq(paymentInstructions.accountId, id))
      .orderBy(desc(paymentInstructions.createdAt)),
    ctx.db
      .select({
        id: meterPointRegistrations.id,
        fuel: meterPointRegistrations.fuel,
        mpxn: meterPointRegistrations.mpxn,
        supplyStartDate: meterPointRegistrations.supplyStartDate,
        status: meterPointRegistrations.status,
        errorDetail: meterPointRegistrations.errorDetail,
        attempts: meterPointRegistrations.attempts,
        requestedAt: meterPointRegistrations.requestedAt,
        sentAt: meterPointRegistrations.sentAt,
        failedAt: meterPointRegistrations.failedAt,
      })
      .from(meterPointRegistrations)
      .where(eq(meterPointRegistrations.accountId, id))
      .orderBy(asc(meterPointRegistrations.mpxn), desc(meterPointRegistrations.requestedAt)),
    ctx.db
      .select({
        id: meterReadings.id,
        fuel: meterPoints.fuel,
        mpxn: meterPoints.mpxn,
        meterSerialNumber: meterReadings.meterSerialNumber,
        registerId: meterReadings.registerId,
        readingDate: meterReadings.readingDate,
        readingValue: meterReadings.readingValue,
        readingType: meterReadings.readingType,
        source: meterReadings.source,
        billed: meterReadings.billed,
        validationStatus: meterReadings.validationStatus,
      })
      .from(meterReadings)
      .innerJoin(meterPoints, eq(meterPoints.id, meterReadings.meterPointId))
      .where(eq(meterPoints.accountId, id))
      .orderBy(
        desc(meterReadings.readingDate),
        asc(meterPoints.mpxn),
        asc(meterReadings.meterSerialNumber),
        asc(meterReadings.registerId),
        asc(meterReadings.id),
      )
      .limit(RECORDS_LIMIT + 1),
  ]);
  const page = <T>(rows: T[]) => ({ items: rows.slice(0, RECORDS_LIMIT), more: rows.length > RECORDS_LIMIT });
  return {
    statements: page(
      statementRows.map(({ documentLocation, accountId: _a, requestId: _r, grossAmountPence, ...s }) => ({
        ...s,
        grossAmount: grossAmountPence === null ? null : penceToPounds(grossAmountPence),
        hasDocument: documentLocation !== null,
      })),
    ),
    paymentInstructions: instructionRows,
    registrations: registrationRows,
    // numeric(21, 10) as stored: trailing zeros of the scale are not the reading's.
    readings: page(
      readingRows.map((r) => ({
        ...r,
        readingValue: r.readingValue.includes(".") ? r.readingValue.replace(/\.?0+$/, "") : r.readingValue,
      })),
    ),
  };
}
