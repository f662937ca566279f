import { ServiceError, fieldError } from "../errors";

/**
 * The connection closed before the whole body arrived (the client aborted or went away):
 * a 400 nobody may read, but not a server failure to log as one.
 */
function bodyCutOff(): never {
  const detail = "The request body was not received completely (the connection closed).";
  throw new ServiceError("validation", "incomplete_body", detail, {
    errors: [fieldError(null, "incomplete_body", detail)],
  });
}

/**
 * The body's bytes, or null when it is declared (Content-Length) or turns out to be larger
 * than `maxBytes` (then the rest is not read).
 */
export async function readBytesCapped(req: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(bodyCutOff);
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A request with its body read into memory, at most `maxBytes` of it, before anything parses
 * it (issue 37 item 3): null when the body is declared or turns out to be larger (the rest is
 * never read). A GET or HEAD is returned as it is. `make` builds the copy (a NextRequest where
 * the handler wants one).
 */
export async function bufferedRequest<R extends Request = Request>(
  req: Request,
  maxBytes: number,
  make: (url: string, init: RequestInit) => R = (url, init) => new Request(url, init) as R,
): Promise<R | Request | null> {
  if (req.method === "GET" || req.method === "HEAD") return req;
  const bytes = await readBytesCapped(req, maxBytes);
  if (bytes === null) return null;
  const headers = new Headers(req.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(bytes.byteLength));
  return make(req.url, {
    method: req.method,
    headers,
    body: bytes.byteLength ? (bytes as BodyInit) : null,
    signal: req.signal,
  });
}
