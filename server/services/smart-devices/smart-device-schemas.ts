import { z } from "zod";
import { SMART_DEVICE_TYPES } from "@/db/schema";

/** At most this many devices in one inventory file (an organisation's whole estate, loaded again as it changes). */
export const MAX_INVENTORY_DEVICES = 200_000;

/** One device of an inventory file (CSV header or JSON keys); `device_id` as its meters carry it in smart_device_id. */
export const SmartDeviceRow = z.strictObject({
  device_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe("The device's id, as the imported meter's smart_device_id (e.g. 00-1B-3C-4D-5E-6F-70-81)."),
  device_type: z.enum(SMART_DEVICE_TYPES).optional().describe("ESME (electricity) or GSME (gas)."),
  manufacturer: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(100),
  firmware_version: z.string().trim().min(1).max(100),
});
export type SmartDeviceRow = z.infer<typeof SmartDeviceRow>;

export const LoadSmartDeviceInventoryInput = z.object({
  format: z.enum(["csv", "json"]),
  fileName: z.string().max(255).optional(),
  // The console sends the file's text; MAX_BODY_BYTES (10 MB) caps the request around it.
  content: z.string().max(50_000_000),
});
export type LoadSmartDeviceInventoryInput = z.infer<typeof LoadSmartDeviceInventoryInput>;

export const LoadSmartDeviceInventoryResult = z.object({
  devices: z.number().int().describe("Devices in the file."),
  added: z.number().int(),
  changed: z.number().int().describe("Devices already known whose type, manufacturer, model or firmware changed."),
  onMeters: z.number().int().describe("Devices of the file that an imported meter of the organisation carries."),
});
export type LoadSmartDeviceInventoryResult = z.infer<typeof LoadSmartDeviceInventoryResult>;
