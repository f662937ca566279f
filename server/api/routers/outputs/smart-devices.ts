export { LoadSmartDeviceInventoryResult as SmartDeviceUploadOutput } from "@/server/services/smart-devices/smart-device-schemas";
