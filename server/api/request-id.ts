/** The console's own id for the request when it sent one that looks like an id (ADR 0411); else a fresh one. */
export function requestIdOf(req: Request): string {
  const sent = req.headers.get("x-request-id");
  return sent && /^[\w.-]{8,64}$/.test(sent) ? sent : crypto.randomUUID();
}
