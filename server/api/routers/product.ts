import { listProductOverview, ListProductOverviewInput } from "@/server/services/products/list-product-overview";
import { listTariffRates, ListTariffRatesInput } from "@/server/services/products/list-current-tariff-rates";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { ProductListOutput, ProductRatesOutput } from "./outputs/product";

export const productRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListProductOverviewInput)
    .output(ProductListOutput)
    .query(({ ctx, input }) => listProductOverview(ctx.svc, input)),
  /** One tariff's rates in force, read when the console opens the tariff. */
  rates: protectedProcedure
    .input(ListTariffRatesInput)
    .output(ProductRatesOutput)
    .query(({ ctx, input }) => listTariffRates(ctx.svc, input)),
});
