import { z } from "zod";
import { type Ctx, organisationOf } from "../../context";
import { listSuppliers } from "../suppliers/list-suppliers";
import { STATUS_EFFECTS, STATUS_TRANSITIONS, SupplierCode } from "../suppliers/schemas";
import { ServiceError } from "../../errors";

export const GetSupplierInput = z.strictObject({ code: SupplierCode });

/** One supplier with its counts and the status changes open to it, each with what it does. */
export async function getSupplier(ctx: Ctx, raw: z.input<typeof GetSupplierInput>) {
  organisationOf(ctx);
  const { code } = GetSupplierInput.parse(raw);
  const supplier = (await listSuppliers(ctx)).find((s) => s.code === code);
  if (!supplier) throw new ServiceError("not_found", "import_supplier_not_found", `Import supplier '${code}' not found.`);
  return { ...supplier, transitions: STATUS_TRANSITIONS[supplier.status].map((to) => ({ to, effect: STATUS_EFFECTS[to] })) };
}
