import { LoadSmartDeviceInventoryInput } from "@/server/services/smart-devices/smart-device-schemas";
import { loadSmartDeviceInventory } from "@/server/services/smart-devices/load-smart-device-inventory";
import { createTRPCRouter, operatorProcedure } from "../trpc";
import { SmartDeviceUploadOutput } from "./outputs/smart-devices";

export const smartDevicesRouter = createTRPCRouter({
  upload: operatorProcedure
    .input(LoadSmartDeviceInventoryInput)
    .output(SmartDeviceUploadOutput)
    .mutation(({ ctx, input }) => loadSmartDeviceInventory(ctx.svc, input)),
});
