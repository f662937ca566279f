import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { withPeerAddress } from "@/scripts/peer-server.mjs";
import { setEnv } from "@/server/env.mjs";
import { clientAddress, PEER_HEADER, PEER_SERVER_MARK } from "./client-address";

const g = globalThis as Record<symbol, unknown>;
const headers = (h: Record<string, string>) => new Headers(h);
const withHops = (hops: string | undefined, fn: () => void) => {
  const restore = setEnv({ TRUST_PROXY_HOPS: hops });
  try {
    fn();
  } finally {
    restore();
  }
};

afterEach(() => {
  delete g[PEER_SERVER_MARK];
});

describe("behind the custom server (npm start): the TCP peer anchors the chain", () => {
  it("TRUST_PROXY_HOPS=0 (default): the peer, whatever X-Forwarded-For a client forged", () => {
    g[PEER_SERVER_MARK] = true;
    withHops(undefined, () => {
      expect(clientAddress(headers({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1" }))).toBe(
        "203.0.113.7",
      );
      expect(
        clientAddress(headers({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1, 10.0.0.9" })),
      ).toBe("203.0.113.7");
      // Next sets X-Forwarded-For to the peer when the client sent none
      expect(
        clientAddress(headers({ [PEER_HEADER]: "::ffff:203.0.113.7", "x-forwarded-for": "::ffff:203.0.113.7" })),
      ).toBe("203.0.113.7");
    });
  });

  it("TRUST_PROXY_HOPS=N: the Nth entry from the right after appending the peer", () => {
    g[PEER_SERVER_MARK] = true;
    // client-forged, real client (appended by the edge proxy), edge proxy (appended by the inner proxy); peer = inner proxy
    const h = headers({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.20, 10.0.0.1" });
    withHops("1", () => expect(clientAddress(h)).toBe("10.0.0.1"));
    withHops("2", () => expect(clientAddress(h)).toBe("198.51.100.20"));
    withHops("3", () => expect(clientAddress(h)).toBe("6.6.6.6"));
    // more hops than entries: the leftmost (Express does the same)
    withHops("9", () => expect(clientAddress(h)).toBe("6.6.6.6"));
    // a nonsense value means 0
    withHops("-1", () => expect(clientAddress(h)).toBe("10.0.0.2"));
    withHops("one", () => expect(clientAddress(h)).toBe("10.0.0.2"));
  });

  it("the server overwrites a client's own peer header with the socket's address", async () => {
    let seen = "";
    const server = http.createServer(
      withPeerAddress((req, res) => {
        const h = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") h.set(k, v);
        seen = clientAddress(h);
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_HEADER]: "203.0.113.99", "x-forwarded-for": "203.0.113.99" },
      });
      expect(seen).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});

describe("without the custom server (next start, next dev, tests)", () => {
  it("ignores a peer header, which only a client could have sent, and reads X-Forwarded-For as before", () => {
    withHops(undefined, () => {
      expect(
        clientAddress(headers({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1, 198.51.100.2" })),
      ).toBe("198.51.100.2");
      expect(clientAddress(headers({ "x-real-ip": "198.51.100.3" }))).toBe("198.51.100.3");
      expect(clientAddress(headers({}))).toBe("unknown");
    });
    withHops("1", () =>
      expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1, 198.51.100.2" }))).toBe("198.51.100.1"),
    );
  });
});
