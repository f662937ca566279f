import type { SupplierStatus } from "@/db/schema";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import type { OrgFixture } from "./organisation";
import { uniq } from "./unique";

export type SupplierOptions = { status?: SupplierStatus; documentRoot?: string; code?: string; name?: string };

/** Each organisation gets its own default root: two organisations' roots never overlap (ADR 0106). */
export async function makeSupplier(org: OrgFixture, opts: SupplierOptions = {}) {
  return createSupplier(org.ctx, {
    code: opts.code ?? uniq("SUP"),
    ...(opts.name !== undefined && { name: opts.name }),
    status: opts.status ?? "Ongoing",
    documentRoot: opts.documentRoot ?? `file:///tmp/km-docs/${org.number}`,
  });
}
