import { forgetOnReset } from "@/server/process-state";
import type { StageAccountInput } from "./account-schemas";

/**
 * The parsed payloads this process staged, by the staged row version (process id, xmin):
 * processing parses the staged payload again (rules can tighten between staging and
 * processing), but a payload this same code parsed and stored is exactly what that parse
 * would return (the schema has no transforms or defaults), so processing takes it from here
 * instead of parsing ~7 kB of JSON with zod a second time (ADR 0025). The key is the row
 * version: a restaged, rolled-back or other instance's row is never matched, only parsed.
 */
const parsed = new Map<string, StageAccountInput>();
const MAX = 256;
forgetOnReset(() => parsed.clear());

const key = (processId: number, xmin: string) => `${processId}:${xmin}`;

export function rememberStaged(processId: number, xmin: string, data: StageAccountInput) {
  if (parsed.size >= MAX) parsed.delete(parsed.keys().next().value!);
  parsed.set(key(processId, xmin), data);
}

export function recallStaged(processId: number, xmin: string): StageAccountInput | undefined {
  return parsed.get(key(processId, xmin));
}
