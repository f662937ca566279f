import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { settings } from "@/db/schema";
import { env } from "@/server/env.mjs";
import { forgetOnReset } from "@/server/process-state";

const KEY = "jwt_signing_secret";
let cached: Uint8Array | undefined;
forgetOnReset(() => resetSigningKeyCache());

/**
 * The HS256 secret every instance signs and verifies with. JWT_SECRET wins; otherwise
 * the first instance to ask stores a random one in the database for all the others.
 */
export async function getSigningKey(db: Db): Promise<Uint8Array> {
  if (cached) return cached;
  if (env.JWT_SECRET) return (cached = new TextEncoder().encode(env.JWT_SECRET));
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return (cached = new TextEncoder().encode(row.value));
}

/** Tests open several databases in one process. */
export function resetSigningKeyCache() {
  cached = undefined;
}
