"use client";

import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/api/root";
import { TRPC_MAX_BATCH_SIZE } from "@/server/lib/trpc-limits";
import { makeQueryClient } from "./query-client";
import { fetchWithRequestId } from "./request-id-fetch";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** An expired or removed session sends the user to sign in, then back to where they were. */
function onAuthError(err: unknown) {
  if (!(err instanceof TRPCClientError) || err.data?.code !== "UNAUTHORIZED" || typeof window === "undefined") return;
  const back = window.location.pathname + window.location.search;
  window.location.assign(`/signin?reason=expired&callbackUrl=${encodeURIComponent(back)}`);
}

let browserQueryClient: QueryClient | undefined;
function getQueryClient() {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient(onAuthError);
  return browserQueryClient;
}

export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: "/api/trpc",
          transformer: superjson,
          fetch: fetchWithRequestId,
          maxItems: TRPC_MAX_BATCH_SIZE,
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
