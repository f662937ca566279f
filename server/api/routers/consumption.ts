import {
  UploadMeterConsumptionInput,
  uploadMeterConsumption,
} from "@/server/services/consumption/upload-meter-consumption";
import { createTRPCRouter, operatorProcedure } from "../trpc";
import { ConsumptionUploadOutput } from "./outputs/consumption";

export const consumptionRouter = createTRPCRouter({
  upload: operatorProcedure
    .input(UploadMeterConsumptionInput)
    .output(ConsumptionUploadOutput)
    .mutation(({ ctx, input }) => uploadMeterConsumption(ctx.svc, input)),
});
