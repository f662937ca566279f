import { buildRestOpenApi } from "@/server/rest/contracts";
import { openApiRoute } from "@/server/rest/contracts/data-import";
import { contractRoute } from "@/server/rest/handler";
import { otherMethods } from "@/server/rest/methods";

let cached: ReturnType<typeof buildRestOpenApi> | undefined;

/** GET /v1/openapi.json: every REST route (/v1/ and /v2/), generated from the route table of contracts the handlers are built from. */
export const GET = contractRoute(openApiRoute, {
  handle: async () => {
    cached ??= buildRestOpenApi();
    return { status: 200, body: cached, headers: { "cache-control": "public, max-age=300" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
