import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createRequestContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { crossSiteRefusal } from "@/server/api/cross-site";
import { requestIdOf } from "@/server/api/request-id";
import { logger } from "@/server/logger";

const handler = (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const requestId = requestIdOf(req);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createRequestContext(requestId),
    responseMeta: () => ({ headers: new Headers({ "x-request-id": requestId, "cache-control": "no-store" }) }),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error("trpc error", { requestId, path, err: error.cause ?? error });
    },
  });
};

export { handler as GET, handler as POST };
