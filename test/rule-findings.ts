import type { FieldError } from "@/server/errors";
import { EnergyAccount } from "@/server/services/account-import/payload/energy-account";
import { accountWithoutSupply, businessAccount, freshMeterIds, fullDomesticAccount } from "./factories/energy-account";

/** The day the rule tests run on, fixed so that date rules do not drift. */
export const TODAY = "2026-11-25";

/** Each finding as [code, attr]: what a client sees of it. */
export const found = (f: { errors: FieldError[] } | FieldError[]) =>
  (Array.isArray(f) ? f : f.errors).map((e) => [e.code, e.attr]);

/** A production-shaped account through the schema (as staging parses it), changed by `edit` first. */
export function parsed(kind: "domestic" | "business" | "no-supply", edit: (a: any) => void = () => {}): EnergyAccount {
  const ids = { supplier: "SUP", external: "EXT-1", ...freshMeterIds() };
  const a =
    kind === "domestic"
      ? fullDomesticAccount(ids)
      : kind === "business"
        ? businessAccount(ids)
        : accountWithoutSupply(ids);
  edit(a);
  return EnergyAccount.parse(a);
}
