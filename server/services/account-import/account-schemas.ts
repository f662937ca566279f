import { z } from "zod";
import { EnergyAccount } from "./payload/energy-account";
import { Str } from "./payload/fields";

/** create-or-update/ and validate-account/ take production's EnergyAccount as it is. */
export const StageAccountInput = EnergyAccount;
export type StageAccountInput = EnergyAccount;

/**
 * process/'s body (production's ProcessAccountImportProcess). Production names the supplier
 * `import_supplier_code`; `import_supplier` (the other endpoints' name) is accepted as an alias.
 */
export const ProcessAccountInput = z
  .strictObject({
    import_supplier_code: Str(64, { blank: false }).optional(),
    import_supplier: Str(64, { blank: false }).optional().describe("Alias of import_supplier_code."),
    external_account_number: Str(128, { blank: false }),
    operations_team_name: Str(255).optional(),
    dry_run: z.boolean().default(false),
  })
  .check((p) => {
    const b = p.value;
    if (b.import_supplier_code === undefined && b.import_supplier === undefined) {
      p.issues.push({
        code: "custom",
        input: b,
        path: ["import_supplier_code"],
        message: "This field is required.",
        params: { code: "required" },
      });
    } else if (
      b.import_supplier_code !== undefined &&
      b.import_supplier !== undefined &&
      b.import_supplier_code !== b.import_supplier
    ) {
      p.issues.push({
        code: "custom",
        input: b,
        path: ["import_supplier"],
        message: "import_supplier and import_supplier_code name different suppliers.",
        params: { code: "invalid" },
      });
    }
  })
  .transform(({ import_supplier_code, import_supplier, ...rest }) => ({
    ...rest,
    import_supplier: (import_supplier_code ?? import_supplier)!,
  }));
export type ProcessAccountInput = z.output<typeof ProcessAccountInput>;
