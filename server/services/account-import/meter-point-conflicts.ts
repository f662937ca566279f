import { type FieldError, fieldError } from "../../errors";
import { type Period, overlaps, periodOf } from "./agreement-periods";
import type { StageAccountInput } from "./account-schemas";
import { meterPointsOf } from "./rules/supply-rules";

/** Second key is hashtext(mpxn): imports touching one meter point check and insert one at a time (taken by processing's claim statement, in hash order so two imports cannot deadlock). */
export const METER_POINT_LOCK = 727_274_003;

type Use = { mpxn: string; path: (string | number)[]; periods: Period[] };
export type Held = { mpxn: string; accountNumber: string; validFrom: Date; validTo: Date | null };

export function usesOf(input: Pick<StageAccountInput, "supply_addresses">): Use[] {
  return meterPointsOf(input).map(({ point, path }) => ({
    mpxn: point.identifier,
    path: [...path, "identifier"],
    periods: (point.agreements ?? []).map(periodOf),
  }));
}

/**
 * One `supply_point_on_another_account` per meter point that an imported account of the
 * same organisation already holds under an agreement overlapping one being staged: two
 * accounts would be supplied (and billed) for one meter at once. A former occupier's
 * account whose agreements ended earlier is no conflict; nor is the account itself (left
 * out of `held` by accountDataErrors' statement).
 */
export function conflictErrorsFrom(uses: Use[], held: Held[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const u of uses) {
    const clash = held.find(
      (h) =>
        h.mpxn === u.mpxn &&
        u.periods.some((p) =>
          overlaps(p, { from: h.validFrom.getTime(), to: h.validTo?.getTime() ?? Number.POSITIVE_INFINITY }),
        ),
    );
    if (clash) {
      errors.push(
        fieldError(
          u.path,
          "supply_point_on_another_account",
          `Meter point ${u.mpxn} is supplied under account ${clash.accountNumber} for part of the agreement period.`,
        ),
      );
    }
  }
  return errors;
}
