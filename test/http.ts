type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  auth?: string | null;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  method?: string;
};

/** Calls a route handler the way Next.js does and returns status, headers and parsed JSON. */
export async function call(handler: Handler, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth) headers.authorization = opts.auth;
  const hasBody = opts.body !== undefined || opts.rawBody !== undefined;
  if (hasBody) headers["content-type"] = "application/json";
  const req = new Request(new URL(url, "http://localhost:3000"), {
    method: opts.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  // Like Next.js: static routes get undefined params; dynamic ones a promise of them.
  const res = await handler(req, { params: Promise.resolve(opts.params as Record<string, string>) });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}
