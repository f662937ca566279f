import { z } from "zod";
import { getSupplier, GetSupplierInput, listSupplierOverview } from "@/server/services/suppliers/get-supplier";
import { listAudit } from "@/server/services/audit/list-audit";
import { CursorInput } from "@/server/lib/keyset";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import {
  CreateSupplierInput,
  SetSupplierStatusInput,
  SupplierCode,
  UpdateSupplierInput,
} from "@/server/services/suppliers/schemas";
import { describeDocumentStores } from "@/server/services/suppliers/document-stores";
import { setSupplierStatus } from "@/server/services/suppliers/set-supplier-status";
import { updateSupplier } from "@/server/services/suppliers/update-supplier";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "../trpc";
import {
  SupplierListOutput,
  SupplierGetOutput,
  SupplierCreateOutput,
  SupplierUpdateOutput,
  SupplierSetStatusOutput,
  SupplierAuditOutput,
} from "./outputs/supplier";

export const supplierRouter = createTRPCRouter({
  list: protectedProcedure
    .input(z.strictObject({}))
    .output(SupplierListOutput)
    .query(({ ctx }) => listSupplierOverview(ctx.svc)),
  get: protectedProcedure
    .input(GetSupplierInput)
    .output(SupplierGetOutput)
    .query(({ ctx, input }) => getSupplier(ctx.svc, input)),
  documentStores: protectedProcedure
    .input(z.strictObject({}))
    .output(z.object({ allowed: z.array(z.string()), ownFolder: z.string() }))
    .query(({ ctx }) => describeDocumentStores(ctx.svc)),
  create: operatorProcedure
    .input(CreateSupplierInput)
    .output(SupplierCreateOutput)
    .mutation(({ ctx, input }) => createSupplier(ctx.svc, input)),
  update: operatorProcedure
    .input(UpdateSupplierInput)
    .output(SupplierUpdateOutput)
    .mutation(({ ctx, input }) => updateSupplier(ctx.svc, input)),
  setStatus: operatorProcedure
    .input(SetSupplierStatusInput)
    .output(SupplierSetStatusOutput)
    .mutation(({ ctx, input }) => setSupplierStatus(ctx.svc, input)),
  audit: protectedProcedure
    // `direction` is sent by useInfiniteQuery; pages only run backwards in time.
    .input(
      z.strictObject({
        code: SupplierCode,
        cursor: CursorInput,
        direction: z.enum(["forward", "backward"]).optional(),
      }),
    )
    .output(SupplierAuditOutput)
    .query(({ ctx, input }) =>
      listAudit(ctx.svc, { entityType: "import_supplier", entityId: input.code, cursor: input.cursor, limit: 20 }),
    ),
});
