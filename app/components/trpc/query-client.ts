import {
  defaultShouldDehydrateQuery,
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
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

const CLIENT_ERROR_CODES = new Set([
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PRECONDITION_FAILED",
  "UNPROCESSABLE_CONTENT",
  "TOO_MANY_REQUESTS",
]);

/**
 * 4xx-like tRPC errors (validation, not found, forbidden, signed out) are not worth retrying:
 * in the browser they carry `data.httpStatus`; on the server (prefetch through the caller) they
 * are TRPCErrors with only a `code`.
 */
export function isClientError(err: unknown): boolean {
  const e = err as { data?: { httpStatus?: number }; code?: unknown; name?: string } | null;
  const status = e?.data?.httpStatus;
  if (typeof status === "number") return status >= 400 && status < 500;
  return e?.name === "TRPCError" && typeof e.code === "string" && CLIENT_ERROR_CODES.has(e.code);
}

/**
 * After a change: refetch every query under `queryKey`. A plain invalidateQueries does not
 * restart a query whose first fetch is still in flight (it joins that fetch, which may have
 * read the data before the change, and then counts as fresh); cancelling first makes the
 * refetch read what the change wrote.
 */
export async function refreshAfterChange(qc: QueryClient, ...queryKeys: QueryKey[]) {
  await Promise.all(queryKeys.map((queryKey) => qc.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
