import { importProcessListRoute } from "@/server/rest/import-process-list-route";

export const dynamic = "force-dynamic";
export const GET = importProcessListRoute("imported");
