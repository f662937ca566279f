import { buildEventsAsyncApi } from "@/server/events/asyncapi";
import { relaySubjectPrefix } from "@/server/events/relay-config";
import { contractRoute } from "@/server/rest/handler";
import { eventAsyncApiRoute } from "@/server/rest/contracts/events";
import { otherMethods } from "@/server/rest/methods";

let doc: ReturnType<typeof buildEventsAsyncApi> | undefined;

export const GET = contractRoute(eventAsyncApiRoute, {
  handle: async () => {
    // The catalogue is fixed at build time: generate once per process.
    doc ??= buildEventsAsyncApi(relaySubjectPrefix());
    return { status: 200, body: doc, headers: { "cache-control": "public, max-age=300" } };
  },
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
