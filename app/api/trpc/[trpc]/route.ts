import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createRequestContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { cappedTrpcRequest } from "@/server/api/body-limit";
import { crossSiteRefusal } from "@/server/api/cross-site";
import { TRPC_MAX_BATCH_SIZE } from "@/server/lib/trpc-limits";
import { requestIdOf } from "@/server/lib/request-id";
import { logger } from "@/server/logger";

const handler = async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const requestId = requestIdOf(req);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    // Read (and capped) before tRPC parses it or any procedure checks who is calling.
    req: await cappedTrpcRequest(req),
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: () => createRequestContext(requestId),
    responseMeta: () => ({ headers: new Headers({ "x-request-id": requestId, "cache-control": "no-store" }) }),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR")
        logger.error("trpc error", { requestId, path, err: error.cause ?? error });
    },
  });
};

export { handler as GET, handler as POST };
