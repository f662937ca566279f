import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountImportProcesses } from "@/db/schema";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { useTestDb } from "@/test/db";
import { StageAccountInput } from "./account-schemas";
import { processAccountImport } from "./process-account-import";
import { stageAccount } from "./stage-account";

const t = useTestDb();

describe("processAccountImport of staged data that no longer validates", () => {
  it("records and answers the field errors (attr, code, detail), not an empty list", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const payload = StageAccountInput.parse(accountPayload(supplier.code));
    const { body: staged } = await stageAccount(org.ctx, payload);
    // What a rule tightened since staging looks like: the stored data fails today's schema.
    const [row] = await t.db
      .select()
      .from(accountImportProcesses)
      .where(
        and(
          eq(accountImportProcesses.supplierId, supplier.id),
          eq(accountImportProcesses.externalAccountNumber, staged.external_account_number),
        ),
      );
    const broken = structuredClone(row.payload) as {
      billing_postcode?: string;
      supply_addresses: Record<string, unknown>[];
    };
    broken.billing_postcode = "NOT A POSTCODE";
    delete broken.supply_addresses[0].supply_address1;
    await t.db.update(accountImportProcesses).set({ payload: broken }).where(eq(accountImportProcesses.id, row.id));

    const err = await processAccountImport(org.ctx, {
      import_supplier: supplier.code,
      external_account_number: staged.external_account_number,
      dry_run: false,
    }).catch((e) => e);
    expect(err).toMatchObject({ code: "account_failed_validation" });
    expect(err.message).toMatch(/billing_postcode/);
    expect(err.message).toMatch(/supply_addresses\.0\.supply_address1/);
    const expected = [
      expect.objectContaining({
        attr: "supply_addresses.0.supply_address1",
        code: "required",
        detail: "supply_addresses.0.supply_address1 is required.",
      }),
      expect.objectContaining({
        attr: "billing_postcode",
        code: "invalid_postcode",
        detail:
          "'NOT A POSTCODE' is not a UK postcode: it is too long (a postcode is 5 to 7 letters and digits, e.g. SW1A 1AA).",
      }),
    ];
    expect(err.errors).toEqual(expect.arrayContaining(expected));
    expect(err.errors).toHaveLength(2);

    const [after] = await t.db.select().from(accountImportProcesses).where(eq(accountImportProcesses.id, row.id));
    expect(after.status).toBe("failed");
    expect(after.errors).toEqual(expect.arrayContaining(expected));
    expect(after.errors).toHaveLength(2);
  });
});
