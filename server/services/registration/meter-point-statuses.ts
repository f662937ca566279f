import { asc, eq, inArray } from "drizzle-orm";
import { meterPointRegistrations, meterPoints } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findOwnAccount } from "../accounts/find-own-account";

/** Production's GbrMeterPointStatus values this platform's registration states map to. */
const STATUS_OF = {
  requested: "REGISTRATION_REQUESTED",
  sent: "REGISTRATION_REQUESTED",
  failed: "UNABLE_TO_REGISTER",
} as const;

/**
 * GET data-import/meterpoint-statuses-for-account/<supplier>/<external>/: each meter point's
 * registration state: PRE_REGISTRATION until registration is asked for, REGISTRATION_REQUESTED
 * while the flow is queued or sent, UNABLE_TO_REGISTER when it failed for good.
 */
export async function meterPointStatuses(
  ctx: Ctx,
  input: { import_supplier: string; external_account_number: string },
) {
  const organisationId = organisationOf(ctx);
  const noMeterPoints = (named: string) => {
    const error = `No meterpoints found for ${named}.`;
    return new ServiceError("not_found", "meter_points_not_found", error, { body: { error } });
  };
  const key = { supplierCode: input.import_supplier, external: input.external_account_number };
  const { account } = await findOwnAccount(ctx.db, organisationId, key, {
    notFound: () => noMeterPoints(input.external_account_number),
  });
  const points = await ctx.db
    .select({ id: meterPoints.id, mpxn: meterPoints.mpxn })
    .from(meterPoints)
    .where(eq(meterPoints.accountId, account.id))
    .orderBy(asc(meterPoints.id));
  if (!points.length) throw noMeterPoints(account.number);
  const regs = await ctx.db
    .select({ meterPointId: meterPointRegistrations.meterPointId, status: meterPointRegistrations.status })
    .from(meterPointRegistrations)
    .where(
      inArray(
        meterPointRegistrations.meterPointId,
        points.map((p) => p.id),
      ),
    )
    .orderBy(asc(meterPointRegistrations.id));
  const latest = new Map(regs.map((r) => [r.meterPointId, r.status]));
  return points.map((p) => {
    const s = latest.get(p.id);
    return { mpxn: p.mpxn, status: s ? STATUS_OF[s] : "PRE_REGISTRATION" };
  });
}
