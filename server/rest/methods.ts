/** The methods the router answers besides HEAD (GET's handler answers HEAD). */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `Allow` for a route implementing `methods`: HEAD comes with GET, OPTIONS always. */
export function allowList(methods: readonly string[]): string[] {
  const out = methods.filter((m) => m !== "HEAD" && m !== "OPTIONS");
  if (out.includes("GET")) out.splice(out.indexOf("GET") + 1, 0, "HEAD");
  return [...out, "OPTIONS"];
}
