import { listProductOverview, ListProductOverviewInput } from "@/server/services/console/list-product-overview";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const productRouter = createTRPCRouter({
  list: protectedProcedure.input(ListProductOverviewInput).query(({ ctx, input }) => listProductOverview(ctx.svc, input)),
});
