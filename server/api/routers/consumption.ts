import { UploadMeterConsumptionInput, uploadMeterConsumption } from "@/server/services/consumption/upload-meter-consumption";
import { createTRPCRouter, operatorProcedure } from "../trpc";

export const consumptionRouter = createTRPCRouter({
  upload: operatorProcedure.input(UploadMeterConsumptionInput).mutation(({ ctx, input }) => uploadMeterConsumption(ctx.svc, input)),
});
