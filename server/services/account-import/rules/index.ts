import type { FieldError } from "../../../errors";
import { londonToday } from "../../../lib/time";
import type { EnergyAccount } from "../payload/energy-account";
import { accountRules } from "./account-rules";
import { ledgerRules } from "./ledger-rules";
import { supplyRules } from "./supply-rules";

/** Every cross-field rule of production's account validators that this service applies. */
export function payloadRuleErrors(a: EnergyAccount, today = londonToday()): FieldError[] {
  return [...accountRules(a, today).errors, ...supplyRules(a, today).errors, ...ledgerRules(a, today).errors];
}
