/** An `x-request-id` a client may choose: 8-64 letters, digits, `_`, `.` or `-`. */
const REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * The client's id for the request when it sent one that looks like an id (ADR 0411); else a
 * fresh one. Every transport uses it (issue 37 item 7): a header of any other shape (8 KB, a
 * newline, HTML) is never echoed into headers, logs or bodies.
 */
export function requestIdOf(req: Request): string {
  const sent = req.headers.get("x-request-id");
  return sent && REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}
