import { z } from "zod";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { listSuppliers } from "./list-suppliers";
import { STATUS_EFFECTS, STATUS_TRANSITIONS, SupplierCode } from "./schemas";

export const GetSupplierInput = z.strictObject({ code: SupplierCode });

type Status = keyof typeof STATUS_TRANSITIONS;

/** The status changes open from a status, each with what it does. */
export function transitionsFrom(status: Status) {
  return STATUS_TRANSITIONS[status].map((to) => ({ to, effect: STATUS_EFFECTS[to] }));
}

/** Every supplier with counts and its possible status changes, for the console's list. */
export async function listSupplierOverview(ctx: Ctx) {
  return (await listSuppliers(ctx)).map((s) => ({ ...s, transitions: transitionsFrom(s.status) }));
}

/** One supplier with its counts and the status changes open to it. */
export async function getSupplier(ctx: Ctx, raw: z.input<typeof GetSupplierInput>) {
  organisationOf(ctx);
  const { code } = GetSupplierInput.parse(raw);
  const supplier = (await listSupplierOverview(ctx)).find((s) => s.code === code);
  if (!supplier)
    throw new ServiceError("not_found", "import_supplier_not_found", `Import supplier '${code}' not found.`);
  return supplier;
}
