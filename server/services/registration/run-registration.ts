import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, meterPointRegistrations, meterPoints } from "@/db/schema";
import type { Job } from "../../jobs/queue";
import { type JobHandler, PermanentJobError } from "../../jobs/worker";
import { londonToday } from "../../lib/time";
import { type RegistrationFlow, sendFlow } from "./gateway";
import { REGISTRATION_QUEUE, supplierMpid } from "./send-registration-flows";

const registrationId = (job: Job) => Number((job.payload as { registration_id?: number }).registration_id);

/**
 * One registration attempt: builds the change-of-supplier flow for a marked meter point,
 * hands it to the gateway and records the outcome on the meter point's registration.
 */
export async function runRegistration(db: Db, job: Job) {
  const id = registrationId(job);
  const [reg] = await db
    .select({ r: meterPointRegistrations, mp: meterPoints, accountNumber: accounts.number })
    .from(meterPointRegistrations)
    .innerJoin(meterPoints, eq(meterPoints.id, meterPointRegistrations.meterPointId))
    .innerJoin(accounts, eq(accounts.id, meterPointRegistrations.accountId))
    .where(eq(meterPointRegistrations.id, id));
  if (reg?.r.status !== "requested") return;
  await db
    .update(meterPointRegistrations)
    .set({ attempts: job.attempts, updatedAt: sql`now()` })
    .where(eq(meterPointRegistrations.id, id));
  if (reg.r.supplyStartDate < londonToday())
    throw new PermanentJobError(`The supply start date ${reg.r.supplyStartDate} passed before the flow could be sent.`);
  const flow: RegistrationFlow = {
    flow_type: reg.mp.fuel === "electricity" ? "D0055" : "GAS_SUPPLY_POINT_NOMINATION",
    mpxn: reg.mp.mpxn,
    fuel: reg.mp.fuel,
    supply_start_date: reg.r.supplyStartDate,
    supplier_mpid: reg.mp.mpid ?? supplierMpid(),
    account_number: reg.accountNumber,
    is_migrated: true,
    ...(reg.mp.fuel === "electricity" ? { profile_class: reg.mp.profileClass, is_export: reg.mp.isExport } : {}),
    meter_serial_numbers: reg.mp.meters.map((m) => m.serial_number),
  };
  const sent = await sendFlow(flow);
  await db
    .update(meterPointRegistrations)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      flow: { ...flow, gateway: sent.gateway, gateway_reference: sent.reference },
      updatedAt: sql`now()`,
    })
    .where(and(eq(meterPointRegistrations.id, id), eq(meterPointRegistrations.status, "requested")));
}

/** The final failure is kept on the meter point's registration for support staff. */
export async function registrationGaveUp(db: Db, job: Job, error: string) {
  await db
    .update(meterPointRegistrations)
    .set({ status: "failed", errorDetail: error, failedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(meterPointRegistrations.id, registrationId(job)), eq(meterPointRegistrations.status, "requested")));
}

export const registrationJobHandler: JobHandler = {
  queue: REGISTRATION_QUEUE,
  run: runRegistration,
  onGiveUp: registrationGaveUp,
};
