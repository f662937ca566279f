import type { Db } from "@/db/client";
import { type FieldError, fieldError } from "../../errors";
import { findUnknownTariffCodes } from "../products/find-unknown-tariff-codes";
import type { StageAccountInput } from "./schemas";

/** One `tariff_code_not_found` per agreement whose tariff the catalogue does not know. */
export async function tariffCodeErrors(db: Db, input: Pick<StageAccountInput, "supply_addresses">): Promise<FieldError[]> {
  const uses: { code: string; path: (string | number)[] }[] = [];
  input.supply_addresses.forEach((sa, i) => {
    sa.electricity_meter_points.forEach((p, j) =>
      p.agreements.forEach((a, k) => uses.push({ code: a.tariff_code, path: ["supply_addresses", i, "electricity_meter_points", j, "agreements", k, "tariff_code"] })),
    );
    sa.gas_meter_points.forEach((p, j) =>
      p.agreements.forEach((a, k) => uses.push({ code: a.tariff_code, path: ["supply_addresses", i, "gas_meter_points", j, "agreements", k, "tariff_code"] })),
    );
  });
  const unknown = new Set(await findUnknownTariffCodes(db, [...new Set(uses.map((u) => u.code))]));
  return uses.filter((u) => unknown.has(u.code)).map((u) => fieldError(u.path, "tariff_code_not_found", `No tariff with code '${u.code}'.`));
}
