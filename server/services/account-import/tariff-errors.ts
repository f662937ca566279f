import { type FieldError, fieldError } from "../../errors";
import type { StageAccountInput } from "./account-schemas";
import { meterPointsOf } from "./rules/supply-rules";

type TariffUse = { code: string; path: (string | number)[] };

/** Every agreement's tariff code with its path. */
export function tariffUses(input: Pick<StageAccountInput, "supply_addresses">): TariffUse[] {
  return meterPointsOf(input).flatMap(({ point, path }) =>
    (point.agreements ?? []).map((a, k) => ({ code: a.tariff_code, path: [...path, "agreements", k, "tariff_code"] })),
  );
}

/** One `tariff_code_not_found` per agreement whose code is among `unknown`. */
export function tariffErrorsFrom(uses: TariffUse[], unknown: Set<string>): FieldError[] {
  return uses
    .filter((u) => unknown.has(u.code))
    .map((u) => fieldError(u.path, "tariff_code_not_found", `No tariff with code '${u.code}'.`));
}
