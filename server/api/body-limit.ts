import { TRPCError } from "@trpc/server";
import { env } from "@/server/env.mjs";
import { bufferedRequest } from "../lib/read-body";

/** Bytes a console call without a session cookie may send: no procedure takes more from anyone unknown. */
export const ANONYMOUS_TRPC_MAX_BODY_BYTES = 64 * 1024;

/** A request that carries a console session cookie (Auth.js's, plain or __Secure-): checked by the context, not here. */
const hasSessionCookie = (req: Request) =>
  /(?:^|;\s*)(?:__Secure-)?authjs\.session-token=/.test(req.headers.get("cookie") ?? "");

/**
 * The console's tRPC request with its body read, capped, before tRPC parses it (issue 37
 * item 3): MAX_BODY_BYTES with a session cookie (a consumption file's text travels in one
 * mutation), ANONYMOUS_TRPC_MAX_BODY_BYTES without. Over the cap the rest is never read, and
 * tRPC answers every call of the request with its own PAYLOAD_TOO_LARGE (HTTP 413).
 */
export async function cappedTrpcRequest(req: Request): Promise<Request> {
  const max = hasSessionCookie(req) ? env.MAX_BODY_BYTES : ANONYMOUS_TRPC_MAX_BODY_BYTES;
  const capped = await bufferedRequest(req, max).catch(() => null);
  if (capped) return capped;
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const refused = new Request(req.url, { method: req.method, headers });
  const tooLarge = new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: `The request body exceeds ${max} bytes.` });
  // tRPC reads a JSON body with req.json(): the refusal is what it reads.
  Object.defineProperty(refused, "json", { value: () => Promise.reject(tooLarge) });
  return refused;
}
