import { restRouteModule } from "@/server/rest/routes/router";

// Every /v2/ request, dispatched from the REST route table (server/rest/routes/table.ts, ADR 0505).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = restRouteModule();
