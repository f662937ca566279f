import { buildEventsOpenApi } from "@/server/events/openapi";
import { restRoute } from "@/server/rest/handler";
import { otherMethods } from "@/server/rest/methods";

let doc: ReturnType<typeof buildEventsOpenApi> | undefined;

export const GET = restRoute({
  auth: "none",
  handle: async () => {
    // The catalogue is fixed at build time: generate once per process.
    doc ??= buildEventsOpenApi();
    return { status: 200, body: doc, headers: { "cache-control": "public, max-age=300" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
