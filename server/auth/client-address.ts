/**
 * The caller's address for per-address limits. X-Forwarded-For is read from the right:
 * the last entry was added by the nearest proxy (the Next server itself), which a client
 * cannot forge; TRUST_PROXY_HOPS skips that many further trusted proxies.
 */
export function clientAddress(headers: Headers): string {
  const hops = Math.max(0, Number(process.env.TRUST_PROXY_HOPS ?? 0) || 0);
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (forwarded.length) return forwarded[Math.max(0, forwarded.length - 1 - hops)];
  return headers.get("x-real-ip")?.trim() || "unknown";
}
