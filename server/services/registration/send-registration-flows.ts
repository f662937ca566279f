import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { agreements, meterPointRegistrations, meterPoints } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { emitMany, type PendingEvent, pending } from "../../events/emit";
import { enqueueJob } from "../../jobs/queue";
import { findImportedAccount, type ImportedAccount } from "../import-bodies/common";
import { earliestSupplyStart, supplyStartProblem } from "./supply-start";
import { env } from "@/server/env.mjs";

export const REGISTRATION_QUEUE = "registration";
export const supplierMpid = () => env.SUPPLIER_MPID;

export type SendRegistrationFlowsInput = {
  import_supplier_code: string;
  external_account_number: string;
  supply_start_date?: string;
};
type MeterPointResult = {
  mpxn: string;
  status: "REGISTRATION_FLOW_SUCCESS" | "REGISTRATION_FLOW_ERROR";
  supply_start_date?: string;
  error_detail?: string;
};

function notFound(input: SendRegistrationFlowsInput, detail: string) {
  return new ServiceError("not_found", "account_not_found", detail, {
    body: [
      {
        error_detail: detail,
        import_supplier_code: input.import_supplier_code,
        external_account_number: input.external_account_number,
      },
    ],
  });
}

/**
 * POST data-import/send-registration-flows/<supplier>/<external>/: marks each meter point
 * for registration (one live registration per meter point), queues the background job that
 * sends the flow, and emits meterpoint.*.cos_gain.registration.requested, all in one
 * transaction. Re-sending for the same date (or, without a date, while a registration on or
 * before the earliest valid date is live) answers success again and changes nothing.
 */
export async function sendRegistrationFlows(ctx: Ctx, input: SendRegistrationFlowsInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  return withTransaction(ctx, async (tx) => {
    let account: ImportedAccount;
    try {
      account = await findImportedAccount(
        tx,
        organisationId,
        input.import_supplier_code,
        input.external_account_number,
        { lock: true },
      );
    } catch (err) {
      if (err instanceof ServiceError && err.kind === "not_found") throw notFound(input, err.message);
      throw err;
    }
    const points = await tx
      .select()
      .from(meterPoints)
      .where(eq(meterPoints.accountId, account.id))
      .orderBy(asc(meterPoints.id));
    if (!points.length)
      throw notFound(input, `Account '${input.external_account_number}' has no meter points to register.`);
    const spans = await tx
      .select({ meterPointId: agreements.meterPointId, validFrom: agreements.validFrom, validTo: agreements.validTo })
      .from(agreements)
      .where(
        inArray(
          agreements.meterPointId,
          points.map((p) => p.id),
        ),
      );
    const live = await tx
      .select()
      .from(meterPointRegistrations)
      .where(
        inArray(
          meterPointRegistrations.meterPointId,
          points.map((p) => p.id),
        ),
      );
    const events: PendingEvent[] = [];
    const results: MeterPointResult[] = [];
    for (const mp of points) {
      const current = live.find((r) => r.meterPointId === mp.id && r.status !== "failed");
      const mine = spans.filter((s) => s.meterPointId === mp.id);
      const error = (detail: string) =>
        results.push({ mpxn: mp.mpxn, status: "REGISTRATION_FLOW_ERROR", error_detail: detail });
      if (account.supplierStatus !== "Ongoing") {
        error(
          `${account.supplierCode} migration is not ongoing (status ${account.supplierStatus}); registration is refused.`,
        );
        continue;
      }
      const earliest = input.supply_start_date ? null : earliestSupplyStart(mine);
      if (current) {
        const outcome = liveRegistrationOutcome(current, input.supply_start_date, earliest);
        if (outcome.ok)
          results.push({
            mpxn: mp.mpxn,
            status: "REGISTRATION_FLOW_SUCCESS",
            supply_start_date: current.supplyStartDate,
          });
        else error(outcome.detail);
        continue;
      }
      const date = input.supply_start_date ?? earliest;
      if (!date) {
        error("No agreement is in force on or after the earliest valid supply start date.");
        continue;
      }
      const problem = supplyStartProblem(mine, date);
      if (problem) {
        error(problem);
        continue;
      }
      await markForRegistration(tx, account, mp, date, ctx.requestId);
      events.push(registrationRequested(account, mp, date, organisationId));
      results.push({ mpxn: mp.mpxn, status: "REGISTRATION_FLOW_SUCCESS", supply_start_date: date });
    }
    await emitMany(tx, events);
    return [
      {
        import_supplier_code: account.supplierCode,
        external_account_number: account.externalAccountNumber,
        meter_points: results,
      },
    ];
  });
}

/**
 * A meter point already has a live registration (one per meter point; its date is not
 * changed here). The same explicit date is the same request: success, nothing changes.
 * Without a date the caller asks for the earliest valid one; a live registration on or
 * before today's earliest valid date is that request already made (resending a dateless
 * request a day later stays a success), one for a later date is not.
 */
function liveRegistrationOutcome(
  current: { status: string; supplyStartDate: string },
  requested: string | undefined,
  earliest: string | null,
): { ok: true } | { ok: false; detail: string } {
  const already = `Registration already ${current.status} with supply start date ${current.supplyStartDate}`;
  if (requested !== undefined)
    return requested === current.supplyStartDate
      ? { ok: true }
      : { ok: false, detail: `${already}; it cannot be changed to ${requested}.` };
  if (earliest === null || current.supplyStartDate <= earliest) return { ok: true };
  return {
    ok: false,
    detail: `${already}, later than the earliest valid supply start date ${earliest}; send supply_start_date=${current.supplyStartDate} to confirm it.`,
  };
}

async function markForRegistration(
  tx: Db,
  account: ImportedAccount,
  mp: typeof meterPoints.$inferSelect,
  date: string,
  requestId: string,
) {
  const [row] = await tx
    .insert(meterPointRegistrations)
    .values({
      meterPointId: mp.id,
      accountId: account.id,
      fuel: mp.fuel,
      mpxn: mp.mpxn,
      supplyStartDate: date,
      requestId,
    })
    .returning({ id: meterPointRegistrations.id });
  await enqueueJob(tx, {
    queue: REGISTRATION_QUEUE,
    payload: { registration_id: row.id },
    dedupKey: `registration:${row.id}`,
  });
}

function registrationRequested(
  account: ImportedAccount,
  mp: typeof meterPoints.$inferSelect,
  date: string,
  organisationId: number,
): PendingEvent {
  const on = { accountNumber: account.number, organisationId };
  // The market participant id the migration sent for the meter point, else this platform's own.
  const common = { supply_start_date: date, supplier_mpid: mp.mpid ?? supplierMpid(), account_number: account.number };
  return mp.fuel === "electricity"
    ? pending(
        "meterpoint.elec.cos_gain.registration.requested",
        "v1",
        { mpan: mp.mpxn, ...common, is_internal_transfer: false, is_migrated: true, is_export: mp.isExport },
        on,
      )
    : pending("meterpoint.gas.cos_gain.registration.requested", "v1", { mprn: mp.mpxn, ...common }, on);
}
