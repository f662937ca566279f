import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountImportProcesses } from "@/db/schema";
import { accountPayload, makeOrg, makeSupplier } from "@/test/fixtures";
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
    const { process } = await stageAccount(org.ctx, payload);
    // What a rule tightened since staging looks like: the stored data fails today's schema.
    const [row] = await t.db
      .select()
      .from(accountImportProcesses)
      .where(and(eq(accountImportProcesses.supplierId, supplier.id), eq(accountImportProcesses.externalAccountNumber, process.external_account_number)));
    const broken = { ...row.payload, billing_address: { ...(row.payload.billing_address as object), postcode: "NOT A POSTCODE" } } as Record<string, unknown>;
    delete broken.billing_name;
    await t.db.update(accountImportProcesses).set({ payload: broken }).where(eq(accountImportProcesses.id, row.id));

    const err = await processAccountImport(org.ctx, { import_supplier: supplier.code, external_account_number: process.external_account_number, dry_run: false }).catch((e) => e);
    expect(err).toMatchObject({ code: "account_failed_validation" });
    expect(err.message).toMatch(/billing_name/);
    expect(err.message).toMatch(/billing_address\.postcode/);
    const expected = [
      expect.objectContaining({ attr: "billing_name", code: "required", detail: "billing_name is required." }),
      expect.objectContaining({ attr: "billing_address.postcode", code: "invalid_postcode", detail: "Enter a valid UK postcode." }),
    ];
    expect(err.errors).toEqual(expect.arrayContaining(expected));

    const [after] = await t.db.select().from(accountImportProcesses).where(eq(accountImportProcesses.id, row.id));
    expect(after.status).toBe("failed");
    expect(after.errors).toEqual(expect.arrayContaining(expected));
    expect(after.errors).toHaveLength(2);
  });
});
