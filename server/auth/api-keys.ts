import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `sk_live_` plus 32 random base62 characters (about 190 bits). */
export function generateApiKey(): string {
  const bytes = randomBytes(32);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 62];
  return `sk_live_${out}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, 12);
}

export function looksLikeApiKey(credential: string): boolean {
  return /^sk_(live|test)_[A-Za-z0-9]{16,}$/.test(credential);
}
