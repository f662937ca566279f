/** A request id for every call, sent as `x-request-id` (the server logs and answers with it). */
function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Plain-HTTP pages have no randomUUID: 16 random bytes as hex do the same job.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * fetch with the request id set. A request that gets no answer, or an answer that is not the
 * server's JSON (a proxy's 502 page), fails with that id, so the error shown can still name it.
 */
export const fetchWithRequestId: typeof fetch = async (input, init) => {
  const requestId = newRequestId();
  const headers = new Headers(init?.headers);
  headers.set("x-request-id", requestId);
  let res: Response;
  try {
    res = await fetch(input, { ...init, headers });
  } catch (err) {
    throw Object.assign(err instanceof Error ? err : new TypeError(String(err)), { requestId });
  }
  if (!res.ok && !res.headers.get("content-type")?.includes("json")) {
    throw Object.assign(new TypeError(`The server answered ${res.status} without the console's data.`), { requestId });
  }
  return res;
};
