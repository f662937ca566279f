import { asc, eq } from "drizzle-orm";
import { agreements, meterPoints, supplyAddresses } from "@/db/schema";
import { type Ctx, customerEmailOf, organisationOf, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { isoSeconds } from "../../lib/time";
import { findOwnAccount } from "./find-own-account";
import type { PublicAccount } from "./public-account-schema";

const iso = (d: Date | null) => (d ? isoSeconds(d) : null);

export function publicAccountNotFound(number: string) {
  return new ServiceError("not_found", "account_not_found", `Account '${number}' not found.`);
}

/**
 * The account with its properties, meter points and agreements, as the production
 * `GET /v1/accounts/<number>/` returns it. Another organisation's account reads as missing.
 */
export async function getPublicAccount(ctx: Ctx, input: { account_number: string }): Promise<PublicAccount> {
  const organisationId = organisationOf(ctx);
  // PostgreSQL text cannot hold NUL (`%00` in the path): U+FFFD matches no account number, so 404 rather than a driver error.
  const number = input.account_number.trim().toUpperCase().replaceAll("\0", "\uFFFD");
  return withTransaction(ctx, async (tx) => {
    // A customer's key reads only accounts whose customers carry its e-mail (ADR 0207); another answers 404 like a missing one.
    const { account } = await findOwnAccount(
      tx,
      organisationId,
      { number, customerEmail: customerEmailOf(ctx) },
      { notFound: () => publicAccountNotFound(input.account_number) },
    );
    const addresses = await tx
      .select()
      .from(supplyAddresses)
      .where(eq(supplyAddresses.accountId, account.id))
      .orderBy(asc(supplyAddresses.id));
    const points = await tx
      .select()
      .from(meterPoints)
      .where(eq(meterPoints.accountId, account.id))
      .orderBy(asc(meterPoints.id));
    const agreementRows = await tx
      .select()
      .from(agreements)
      .where(eq(agreements.accountId, account.id))
      .orderBy(asc(agreements.validFrom), asc(agreements.id));
    const agreementsOf = (meterPointId: number) =>
      agreementRows
        .filter((a) => a.meterPointId === meterPointId)
        .map((a) => ({ tariff_code: a.tariffCode, valid_from: isoSeconds(a.validFrom), valid_to: iso(a.validTo) }));
    return {
      number: account.number,
      properties: addresses.map((sa) => {
        const here = points.filter((p) => p.supplyAddressId === sa.id);
        return {
          id: sa.id,
          moved_in_at: iso(sa.movedInAt),
          moved_out_at: iso(sa.movedOutAt),
          address_line_1: sa.addressLine1,
          address_line_2: sa.addressLine2 ?? "",
          address_line_3: sa.addressLine3 ?? "",
          town: sa.town ?? "",
          county: sa.county ?? "",
          postcode: sa.postcode,
          electricity_meter_points: here
            .filter((p) => p.fuel === "electricity")
            .map((p) => ({
              mpan: p.mpxn,
              profile_class: p.profileClass,
              consumption_standard: p.consumptionStandard,
              meters: p.meters.map((m) => ({
                serial_number: m.serial_number,
                registers: m.registers.map((r) => ({
                  identifier: r.identifier,
                  rate: r.rate,
                  is_settlement_register: r.is_settlement_register,
                })),
              })),
              agreements: agreementsOf(p.id),
              is_export: p.isExport,
            })),
          gas_meter_points: here
            .filter((p) => p.fuel === "gas")
            .map((p) => ({
              mprn: p.mpxn,
              consumption_standard: p.consumptionStandard,
              meters: p.meters.map((m) => ({ serial_number: m.serial_number })),
              agreements: agreementsOf(p.id),
            })),
        };
      }),
    };
  });
}
