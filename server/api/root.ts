import { accountRouter } from "./routers/account";
import { accountImportRouter } from "./routers/account-import";
import { apiKeyRouter } from "./routers/api-key";
import { customerKeyRouter } from "./routers/customer-key";
import { auditRouter } from "./routers/audit";
import { cohortRouter } from "./routers/cohort";
import { consumptionRouter } from "./routers/consumption";
import { smartDevicesRouter } from "./routers/smart-devices";
import { eventRouter } from "./routers/event";
import { importJobRouter } from "./routers/import-job";
import { productRouter } from "./routers/product";
import { sessionRouter } from "./routers/session";
import { supplierRouter } from "./routers/supplier";
import { supportRouter } from "./routers/support";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  session: sessionRouter,
  supplier: supplierRouter,
  accountImport: accountImportRouter,
  importJob: importJobRouter,
  cohort: cohortRouter,
  account: accountRouter,
  event: eventRouter,
  apiKey: apiKeyRouter,
  customerKey: customerKeyRouter,
  audit: auditRouter,
  product: productRouter,
  consumption: consumptionRouter,
  smartDevices: smartDevicesRouter,
  support: supportRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
