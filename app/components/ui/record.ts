import "server-only";

import type { InferDataFromTag } from "@tanstack/react-query";
import type { TRPCQueryOptions } from "@trpc/tanstack-react-query";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getQueryClient } from "@/app/components/trpc/server";
import { isMissingRecordError } from "./not-found-error";

// biome-ignore lint/suspicious/noExplicitAny: the options of any query procedure.
type RecordOptions = ReturnType<TRPCQueryOptions<any>>;
/** The data a query's options load: what `getQueryData(options.queryKey)` would hold. */
type DataOf<O extends RecordOptions> = InferDataFromTag<unknown, O["queryKey"]>;
export type RecordLookup<T> = { found: boolean; data: T | undefined };

// One lookup per record per request, shared by generateMetadata and the page.
const lookups = cache(() => new Map<string, Promise<RecordLookup<unknown>>>());

async function lookUp<T>(options: RecordOptions): Promise<RecordLookup<T>> {
  try {
    // No retries: a missing record stays missing, and the page should answer at once.
    const data = (await getQueryClient().fetchQuery({ ...options, retry: false })) as T;
    return { found: true, data };
  } catch (err) {
    // Anything else (the server failing, a lost session) is left to the page's client query to show.
    return { found: !isMissingRecordError(err), data: undefined };
  }
}

/**
 * Loads (and prefetches for hydration) the record a page is about, e.g.
 * `trpc.account.get.queryOptions({ accountNumber })`. `found` is false when the server says the
 * record does not exist for this organisation (tRPC NOT_FOUND, or a URL key that cannot exist).
 */
export function loadRecord<O extends RecordOptions, T = DataOf<O>>(options: O): Promise<RecordLookup<T>> {
  const key = JSON.stringify(options.queryKey);
  const seen = lookups();
  if (!seen.has(key)) seen.set(key, lookUp<T>(options));
  return seen.get(key) as Promise<RecordLookup<T>>;
}

/** loadRecord, answering HTTP 404 with the nearest not-found.tsx when the record does not exist. */
export async function requireRecord<O extends RecordOptions, T = DataOf<O>>(options: O): Promise<T | undefined> {
  const { found, data } = await loadRecord<O, T>(options);
  if (!found) notFound();
  return data;
}
