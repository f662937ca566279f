import { getDb } from "@/db/client";
import type { Actor } from "../context";
import { readCredential } from "../auth/authenticate";
import { authenticateApiKey } from "../auth/authenticate";
import { looksLikeApiKey } from "../auth/api-keys";
import { verifyAccessToken } from "../auth/tokens";
import { ServiceError } from "../errors";
import { krakenError } from "./errors";

export type ActorResult = { actor: Actor } | { error: Error } | { anonymous: true };

const memo = new WeakMap<Request, Promise<ActorResult>>();

/**
 * Who sent the request, once per request (a batch shares it): a token or key in the
 * Authorization header, customers' included. Never throws: queries that need a caller
 * raise the result's error, and validation reads it to decide on field suggestions.
 */
export function actorOf(request: Request): Promise<ActorResult> {
  let p = memo.get(request);
  if (!p) memo.set(request, (p = resolve(request)));
  return p;
}

async function resolve(request: Request): Promise<ActorResult> {
  let credential: string | null;
  try {
    credential = readCredential(request.headers.get("authorization"));
  } catch {
    credential = null;
  }
  if (!credential) return { anonymous: true };
  try {
    const db = await getDb();
    const actor = looksLikeApiKey(credential)
      ? await authenticateApiKey(db, credential, { allowCustomer: true })
      : await verifyAccessToken(db, credential);
    return { actor };
  } catch (err) {
    if (err instanceof ServiceError && err.code === "token_expired")
      return {
        error: krakenError(
          "tokenExpired",
          "Signature of the JWT has expired.",
          "Obtain a new token with your refresh token or API key.",
        ),
      };
    if (err instanceof ServiceError)
      return { error: krakenError("unauthorized", "Unauthorized.", "The token is invalid or no longer valid.") };
    return { error: err as Error };
  }
}

/** The caller, or the production error for a missing, expired or bad token. */
export async function requireActor(request: Request): Promise<Actor> {
  const r = await actorOf(request);
  if ("actor" in r) return r.actor;
  if ("error" in r) throw r.error;
  throw krakenError(
    "headerMissing",
    "'Authorization' header not provided.",
    "You must provide the AUTHORIZATION header while executing the query/mutation.",
  );
}
