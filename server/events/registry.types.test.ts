import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, expectTypeOf, test } from "vitest";
import { type EventPayload, type EventType, type EventVersion, parseEventPayload } from "@/server/events/registry";

// Same signature as the outbox's emit, so these lines prove what callers of emit get.
function emit<T extends EventType, V extends EventVersion<T>>(
  _tx: unknown,
  type: T,
  version: V,
  payload: EventPayload<T, V>,
): EventPayload<T, V> {
  return parseEventPayload(type, version, payload);
}

const ledger = { account: { number: "A-1" }, number: "L-1" };
const entry = {
  id: 1,
  is_charge: true,
  is_credit: false,
  is_payment: false,
  is_repayment: false,
  is_reversal: false,
  is_reversed: false,
};

// Never called: checked by `npx tsc --noEmit` and by the compiler test below.
// biome-ignore lint/suspicious/noExportsInTest: exported so that the compiler does not call it unused.
export function compileTimeChecks(tx: unknown) {
  emit(tx, "account.created", "v1", { account_number: "A-1", account_user_emails: [] });
  emit(tx, "lifecycle.support-site.sale", "1.0.0", {
    support_user_id: "u",
    supply_start_date: "2025-01-01",
    trigger_action: "sale",
  });
  emit(tx, "billing.ledger.entry_posted", "v2", { ledger, entry });

  // @ts-expect-error a required field is missing
  emit(tx, "account.created", "v1", { account_number: "A-1" });
  // @ts-expect-error a field has the wrong type
  emit(tx, "account.created", "v1", { account_number: 1, account_user_emails: [] });
  // @ts-expect-error an undocumented field
  emit(tx, "account.created", "v1", { account_number: "A-1", account_user_emails: [], extra: 1 });
  // @ts-expect-error the type has no such version
  emit(tx, "account.created", "v2", { account_number: "A-1", account_user_emails: [] });
  // @ts-expect-error no such event type
  emit(tx, "account.creatd", "v1", {});
  // @ts-expect-error v2 requires account_number on top of v1's fields
  emit(tx, "agreement.updated", "v2", { agreement_id: 1, changes: {} });
  // @ts-expect-error entry.id is an integer, not a string
  emit(tx, "billing.ledger.entry_posted", "v2", { ledger, entry: { ...entry, id: "1" } });
  // @ts-expect-error v1 of entry_posted has no entry
  emit(tx, "billing.ledger.entry_posted", "v1", { ledger, entry });
  // @ts-expect-error the odd version is "1.0.0", not "v1"
  emit(tx, "lifecycle.support-site.sale", "v1", {});
}

test("versions and payloads are typed per event type", () => {
  expectTypeOf<EventVersion<"agreement.updated">>().toEqualTypeOf<"v1" | "v2">();
  expectTypeOf<EventVersion<"lifecycle.support-site.sale">>().toEqualTypeOf<"1.0.0">();
  expectTypeOf<EventPayload<"account.created", "v1">>().toEqualTypeOf<{
    account_number: string;
    account_user_emails: string[];
    is_imported?: boolean | undefined;
  }>();
  const parsed = emit(null, "agreement.revoked", "v2", { agreement_id: 1, account_number: "A" });
  expect(parsed).toEqual({ agreement_id: 1, account_number: "A" });
});

test("the compiler accepts this file, so every @ts-expect-error above is a real error", () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const configFile = ts.readConfigFile(path.join(repoRoot, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, repoRoot);
  const program = ts.createProgram([fileURLToPath(import.meta.url)], {
    ...options,
    noEmit: true,
    incremental: false,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
  expect(problems).toEqual([]);
}, 120_000);
