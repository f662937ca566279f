import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { QueryObserver } from "@tanstack/react-query";
import { isClientError, makeQueryClient, refreshAfterChange } from "./query-client";

describe("console query retries", () => {
  it("treats 4xx-like errors as final, in the browser (httpStatus) and on the server (TRPCError code)", () => {
    expect(isClientError({ data: { httpStatus: 404 } })).toBe(true);
    expect(isClientError({ data: { httpStatus: 503 } })).toBe(false);
    expect(isClientError(new TRPCError({ code: "NOT_FOUND" }))).toBe(true);
    expect(isClientError(new TRPCError({ code: "FORBIDDEN" }))).toBe(true);
    expect(isClientError(new TRPCError({ code: "INTERNAL_SERVER_ERROR" }))).toBe(false);
    expect(isClientError(new Error("fetch failed"))).toBe(false);
  });

  it("does not retry a missing record, retries a failure twice", async () => {
    const client = makeQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ["missing"],
        queryFn: () => {
          calls++;
          throw new TRPCError({ code: "NOT_FOUND" });
        },
        retryDelay: 0,
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ["flaky"],
        queryFn: () => {
          calls++;
          throw new Error("boom");
        },
        retryDelay: 0,
      }),
    ).rejects.toThrow();
    expect(calls).toBe(3);
  });
});

describe("refreshAfterChange", () => {
  // A query whose first fetch left before a change and answers after it: the old data.
  async function scenario(refresh: (client: ReturnType<typeof makeQueryClient>) => Promise<unknown>) {
    const client = makeQueryClient();
    let version = 0;
    const queryFn = () => {
      const seen = version;
      return new Promise<number>((resolve) => setTimeout(() => resolve(seen), 20));
    };
    const observer = new QueryObserver(client, { queryKey: ["supplier", "audit"], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 5)); // the first fetch is in flight
    version = 1; // the change commits
    await refresh(client);
    await new Promise((r) => setTimeout(r, 60));
    const data = observer.getCurrentResult().data;
    unsubscribe();
    return data;
  }

  it("shows what the change wrote even when the list's first fetch was still in flight", async () => {
    expect(await scenario((c) => c.invalidateQueries({ queryKey: ["supplier"] }))).toBe(0); // why it exists
    expect(await scenario((c) => refreshAfterChange(c, ["supplier"]))).toBe(1);
  });
});
