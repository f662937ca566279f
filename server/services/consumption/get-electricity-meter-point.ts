import { type Ctx, customerEmailOf, organisationOf } from "../../context";
import type { ElectricityMeterPoint } from "./consumption-schemas";
import { cleanIdentifier, findOrgMeterPoint, meterPointNotFound } from "./find-meter";
import { gspOfMpan, gspOfTariffCode } from "./gsp";

/** Production's `GET /v1/electricity-meter-points/<mpan>/`: region and profile class; another organisation's MPAN reads as missing. */
export async function getElectricityMeterPoint(ctx: Ctx, input: { mpan: string }): Promise<ElectricityMeterPoint> {
  const organisationId = organisationOf(ctx);
  const mpan = cleanIdentifier(input.mpan);
  const point = await findOrgMeterPoint(ctx.db, organisationId, "electricity", mpan, customerEmailOf(ctx));
  if (!point) throw meterPointNotFound("electricity", input.mpan);
  return {
    gsp: (gspOfMpan(mpan) ?? gspOfTariffCode(point.tariffCode)) as ElectricityMeterPoint["gsp"],
    mpan,
    profile_class: point.profileClass,
  };
}
