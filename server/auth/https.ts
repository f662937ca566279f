import { trustProxyHops } from "./client-address";

/**
 * Whether the browser reached us over HTTPS. `npm start` serves plain HTTP, so only a trusted
 * proxy can say so: with TRUST_PROXY_HOPS 0 (no proxy) X-Forwarded-Proto is the client's own
 * word and never believed; behind N proxies the entry the outermost one wrote counts (the
 * Nth from the right, the leftmost when fewer), as X-Forwarded-For is read (ADR 0009).
 */
export function servedOverHttps(headers: Headers): boolean {
  const hops = trustProxyHops();
  if (hops === 0) return false;
  const protos = (headers.get("x-forwarded-proto") ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return protos.length > 0 && protos[Math.max(0, protos.length - hops)] === "https";
}

/** Sent on every console response served over HTTPS: a year, subdomains left to their owners. */
export const HSTS_VALUE = "max-age=31536000";
