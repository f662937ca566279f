import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { isClientError, makeQueryClient } from "./query-client";

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
      client.fetchQuery({ queryKey: ["missing"], queryFn: () => { calls++; throw new TRPCError({ code: "NOT_FOUND" }); }, retryDelay: 0 }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      client.fetchQuery({ queryKey: ["flaky"], queryFn: () => { calls++; throw new Error("boom"); }, retryDelay: 0 }),
    ).rejects.toThrow();
    expect(calls).toBe(3);
  });
});
