import type { Db } from "@/db/client";
import type { Actor } from "../context";
import { ServiceError } from "../errors";
import { hashApiKey, looksLikeApiKey, stampKeyUse } from "./api-keys";
import { validOrganisationKey } from "./key-cache";
import { customerActor, findCustomerKey, stampCustomerKeyUse } from "./customer-keys";
import { verifyAccessToken } from "./tokens";

/** allowCustomer: the public account and consumption routes, which also take a customer's own key (ADR 0207). */
export type AuthOptions = { allowBasic?: boolean; allowCustomer?: boolean };

const TOKEN_CHALLENGE = 'Token realm="api"';
// Some clients (.NET, Java, curl --anyauth) send basic credentials only after a Basic challenge.
const TOKEN_OR_BASIC_CHALLENGE = 'Token realm="api", Basic realm="api"';
const challenge = (opts: AuthOptions) => ({
  "WWW-Authenticate": opts.allowBasic ? TOKEN_OR_BASIC_CHALLENGE : TOKEN_CHALLENGE,
});

const missing = (opts: AuthOptions) =>
  new ServiceError("unauthorized", "authentication_required", "Authentication credentials were not provided.", {
    headers: challenge(opts),
  });
const invalid = (detail = "Invalid or expired credentials.") =>
  new ServiceError("unauthorized", "authentication_failed", detail, {
    headers: { "WWW-Authenticate": TOKEN_CHALLENGE },
  });

/** Reads `Token <t>`, `JWT <t>`, a bare token, or (where allowed) basic auth with the API key as user name. */
export function readCredential(header: string | null, opts: AuthOptions = {}): string | null {
  if (!header?.trim()) return null;
  const value = header.trim();
  const match = /^(Token|JWT|Bearer|Basic)\s+(.+)$/i.exec(value);
  if (!match) return value;
  const scheme = match[1].toLowerCase();
  if (scheme !== "basic") return match[2].trim();
  if (!opts.allowBasic) throw invalid("Basic authentication is not accepted on this endpoint.");
  const decoded = Buffer.from(match[2].trim(), "base64").toString("utf8");
  const user = decoded.split(":")[0];
  if (!user) throw invalid();
  return user;
}

const customerRefused = () =>
  new ServiceError(
    "forbidden",
    "customer_key_not_accepted",
    "A customer API key reads its own accounts only; this route takes an organisation key.",
  );

export async function authenticateApiKey(db: Db, key: string, opts: AuthOptions = {}): Promise<Actor> {
  const row = await validOrganisationKey(db, { hash: hashApiKey(key) });
  if (!row) {
    const customer = await findCustomerKey(db, key);
    if (!customer) throw invalid();
    if (!opts.allowCustomer) throw customerRefused();
    await stampCustomerKeyUse(db, customer);
    return customerActor(customer, "api_key");
  }
  await stampKeyUse(db, row);
  return {
    kind: "organisation",
    organisationId: row.organisationId,
    apiKeyId: row.id,
    via: "api_key",
    label: `api-key:${row.prefix}`,
  };
}

export async function authenticate(db: Db, header: string | null, opts: AuthOptions = {}): Promise<Actor> {
  try {
    const credential = readCredential(header, opts);
    if (!credential) throw missing(opts);
    const actor = looksLikeApiKey(credential)
      ? await authenticateApiKey(db, credential, opts)
      : await verifyAccessToken(db, credential);
    if (actor.kind === "customer" && !opts.allowCustomer) throw customerRefused();
    return actor;
  } catch (err) {
    // Every 401 of a route that takes basic auth offers both schemes, whichever check failed.
    if (opts.allowBasic && err instanceof ServiceError && err.status === 401) {
      throw new ServiceError(err.kind, err.code, err.message, {
        errors: err.errors,
        body: err.body,
        status: err.status,
        headers: { ...err.headers, ...challenge(opts) },
      });
    }
    throw err;
  }
}
