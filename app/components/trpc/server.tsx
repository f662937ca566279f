import "server-only";

import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCQueryOptions } from "@trpc/tanstack-react-query";
import { cache } from "react";
import { createRequestContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { makeQueryClient } from "./query-client";

/** One query client per server request, shared by prefetches and the hydration boundary. */
export const getQueryClient = cache(() => makeQueryClient());

const getContext = cache(() => createRequestContext());

export const trpc = createTRPCOptionsProxy({ ctx: getContext, router: appRouter, queryClient: getQueryClient });

export function HydrateClient({ children }: { children: React.ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}

/** Awaited so the first HTML already holds the data; a failed prefetch is left for the client to show. */
// biome-ignore lint/suspicious/noExplicitAny: any procedure's options; each keeps its own types at the call site.
export async function prefetch(...queryOptions: ReturnType<TRPCQueryOptions<any>>[]) {
  await Promise.all(queryOptions.map((q) => getQueryClient().prefetchQuery(q)));
}
