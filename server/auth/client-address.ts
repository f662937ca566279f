import { forgetOnReset } from "@/server/process-state";
import { logger } from "../logger";
import { env } from "@/server/env.mjs";

/** Set by scripts/server.mjs (`npm start`) to the TCP peer of each request, replacing any value a client sent. */
export const PEER_HEADER = "x-kraken-peer";
/** Marks a process whose HTTP server is scripts/server.mjs: only then is PEER_HEADER ours, not the client's. */
export const PEER_SERVER_MARK = Symbol.for("kraken-migrate.peer-server");

/** TRUST_PROXY_HOPS: how many proxies in front of the app append to X-Forwarded-For (default 0). */
export function trustProxyHops(): number {
  const n = env.TRUST_PROXY_HOPS;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

const list = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

// An IPv4 client of a dual-stack socket shows up as ::ffff:a.b.c.d; one address, one bucket.
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");

let warned = false;
forgetOnReset(() => {
  warned = false;
});

/**
 * The caller's address for per-address limits, with Express's `trust proxy = N` meaning:
 * append the TCP peer to X-Forwarded-For and take the entry TRUST_PROXY_HOPS from the
 * right (0: the peer itself; past the left end: the leftmost). Entries a client wrote
 * itself sit left of those its trusted proxies appended, so they are never chosen.
 *
 * The peer comes from PEER_HEADER, which only the custom server sets. Without it
 * (`next start`, `next dev`, tests) there is no peer to anchor on: X-Forwarded-For is
 * read as before, which a client can forge (Next adds the peer only when the client
 * sent none), and a warning says so once.
 */
export function clientAddress(headers: Headers): string {
  const hops = trustProxyHops();
  const forwarded = list(headers.get("x-forwarded-for"));
  const peer = (globalThis as Record<symbol, unknown>)[PEER_SERVER_MARK] ? headers.get(PEER_HEADER)?.trim() : undefined;
  if (peer) {
    const chain = [...forwarded, peer];
    return normalise(chain[Math.max(0, chain.length - 1 - hops)]);
  }
  if (!warned) {
    warned = true;
    logger.warn(
      "client address: not started by `npm start` (scripts/server.mjs), so the TCP peer is unknown; per-address limits trust X-Forwarded-For as sent, which a client can forge",
    );
  }
  if (forwarded.length) return normalise(forwarded[Math.max(0, forwarded.length - 1 - hops)]);
  return headers.get("x-real-ip")?.trim() || "unknown";
}
