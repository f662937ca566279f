import { importProcessListRoute } from "@/server/rest/import-process-list-route";
import { otherMethods } from "@/server/rest/methods";

export const dynamic = "force-dynamic";
export const GET = importProcessListRoute("pending");
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
