import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@/server/api/root";
import { describeLoadError } from "../ui/failure";
import { fetchWithRequestId } from "./request-id-fetch";

let server: http.Server;
let seen: (string | undefined)[] = [];
beforeAll(async () => {
  // Answers every call with a 500 whose body is not tRPC's, as a proxy in front of the console might.
  server = http.createServer((req, res) => {
    seen.push(req.headers["x-request-id"] as string | undefined);
    res.writeHead(502, { "content-type": "text/plain" }).end("Bad gateway");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = (url: string) =>
  createTRPCClient<AppRouter>({ links: [httpBatchLink({ url, transformer: superjson, fetch: fetchWithRequestId })] });

describe("the console's request ids", () => {
  it("sends a fresh x-request-id with every call", async () => {
    seen = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc`;
    await client(url)
      .session.me.query({})
      .catch(() => undefined);
    await client(url)
      .session.me.query({})
      .catch(() => undefined);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it("a proxy's error page (no tRPC answer) is shown with the id the call was sent with", async () => {
    seen = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc`;
    const err = await client(url)
      .session.me.query({})
      .then(
        () => expect.unreachable("expected a failure"),
        (e: unknown) => e,
      );
    expect(describeLoadError(err)).toMatchObject({ title: "Connection lost", requestId: seen[0] });
  });

  it("a call that gets no answer says the connection was lost and still names the id it was sent with", async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused.
    const err = await client("http://127.0.0.1:1/api/trpc")
      .session.me.query({})
      .then(
        () => expect.unreachable("expected a failure"),
        (e: unknown) => e,
      );
    const shown = describeLoadError(err);
    expect(shown.title).toBe("Connection lost");
    expect(shown.requestId).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
