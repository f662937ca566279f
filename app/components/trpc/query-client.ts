import { defaultShouldDehydrateQuery, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

export function makeQueryClient(onError?: (err: unknown) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: (count, err) => count < 2 && !isClientError(err) },
      dehydrate: {
        serializeData: superjson.serialize,
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}

/** 4xx-like tRPC errors (validation, not found, forbidden, signed out) are not worth retrying. */
function isClientError(err: unknown): boolean {
  const code = (err as { data?: { httpStatus?: number } })?.data?.httpStatus;
  return typeof code === "number" && code >= 400 && code < 500;
}
