import { describe, expect, it, vi } from "vitest";
import { useTestDb } from "@/test/db";
import { env, setEnv } from "@/server/env.mjs";
import { TRPC_MAX_BATCH_SIZE } from "@/server/lib/trpc-limits";
import { ANONYMOUS_TRPC_MAX_BODY_BYTES } from "./body-limit";

// The tRPC route reads the session through next/headers: no cookie, nobody signed in.
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => {} }),
}));

useTestDb();
setEnv({ AUTH_SECRET: env.AUTH_SECRET ?? "body-limit-test-secret-0123456789abcdef" });

/** A body of `total` bytes sent in 64 KiB chunks, counting how much of it the server pulled. */
function streamed(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= total) return c.close();
      sent += chunk.byteLength;
      c.enqueue(chunk);
    },
  });
  return { body, sent: () => sent };
}

const post = (url: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("request bodies are capped before anything parses them (issue 37 item 3)", () => {
  it("an anonymous 100 MB tRPC mutation is refused with tRPC's 413 after reading at most the cap", async () => {
    const { POST } = await import("@/app/api/trpc/[trpc]/route");
    const big = streamed(100 * 1024 * 1024);
    const res = await POST(
      post("http://localhost/api/trpc/supplier.update", big.body, { "content-type": "application/json" }),
    );
    expect(res.status).toBe(413);
    const json = await res.json();
    expect(json.error.json).toMatchObject({
      message: `The request body exceeds ${ANONYMOUS_TRPC_MAX_BODY_BYTES} bytes.`,
      data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 },
    });
    expect(big.sent()).toBeLessThanOrEqual(ANONYMOUS_TRPC_MAX_BODY_BYTES + 2 * 64 * 1024);
    // A declared length over the cap is refused without reading it (the stream itself pulls its first chunk).
    const declared = streamed(1024 * 1024);
    const res2 = await POST(
      post("http://localhost/api/trpc/supplier.update", declared.body, {
        "content-type": "application/json",
        "content-length": String(1024 * 1024),
      }),
    );
    expect(res2.status).toBe(413);
    expect(declared.sent()).toBeLessThanOrEqual(64 * 1024);
    // A small anonymous call gets as far as who is calling: 401.
    const small = await POST(
      post("http://localhost/api/trpc/supplier.update", JSON.stringify({ json: { code: "X" } }), {
        "content-type": "application/json",
      }),
    );
    expect(small.status).toBe(401);
  });

  it("a session cookie raises the cap to MAX_BODY_BYTES, never beyond", async () => {
    const { POST } = await import("@/app/api/trpc/[trpc]/route");
    const cookie = { cookie: "authjs.session-token=forged", "content-type": "application/json" };
    const under = streamed(ANONYMOUS_TRPC_MAX_BODY_BYTES * 2);
    expect((await POST(post("http://localhost/api/trpc/supplier.update", under.body, cookie))).status).not.toBe(413);
    const over = streamed(env.MAX_BODY_BYTES + 1024 * 1024);
    const res = await POST(post("http://localhost/api/trpc/supplier.update", over.body, cookie));
    expect(res.status).toBe(413);
    expect(over.sent()).toBeLessThanOrEqual(env.MAX_BODY_BYTES + 2 * 64 * 1024);
  });

  it(`a batch of more than ${TRPC_MAX_BATCH_SIZE} calls is refused before any of them runs`, async () => {
    const { GET } = await import("@/app/api/trpc/[trpc]/route");
    const paths = (n: number) => Array.from({ length: n }, () => "support.search").join(",");
    const input = (n: number) =>
      encodeURIComponent(
        JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: { q: "Leo" } }]))),
      );
    const over = await GET(
      new Request(
        `http://localhost/api/trpc/${paths(TRPC_MAX_BATCH_SIZE + 1)}?batch=1&input=${input(TRPC_MAX_BATCH_SIZE + 1)}`,
      ),
    );
    expect(over.status).toBe(400);
    expect(JSON.stringify(await over.json())).toContain("Batch call exceeds maximum size");
    const within = await GET(
      new Request(
        `http://localhost/api/trpc/${paths(TRPC_MAX_BATCH_SIZE)}?batch=1&input=${input(TRPC_MAX_BATCH_SIZE)}`,
      ),
    );
    expect(within.status).toBe(401);
  });

  it("the sign-in callback takes at most AUTH_MAX_BODY_BYTES: a 30 MB form is a 413 read only to the cap", async () => {
    const { POST } = await import("@/app/api/auth/[...nextauth]/route");
    const { NextRequest } = await import("next/server");
    const big = streamed(30 * 1024 * 1024);
    const res = await POST(
      new NextRequest("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        body: big.body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        duplex: "half",
      } as never),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      detail: `The request body exceeds ${env.AUTH_MAX_BODY_BYTES} bytes.`,
      code: "payload_too_large",
      errors: [],
    });
    expect(big.sent()).toBeLessThanOrEqual(env.AUTH_MAX_BODY_BYTES + 2 * 64 * 1024);
    // An ordinary sign-in form still reaches Auth.js (a redirect, signed in or not).
    const form = new URLSearchParams({
      email: "nobody@example.com",
      password: "wrong-password",
      csrfToken: "x",
    }).toString();
    const small = await POST(
      new NextRequest("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(small.status).not.toBe(413);
  });
});
