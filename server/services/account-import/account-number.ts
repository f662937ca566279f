import { randomBytes } from "node:crypto";

/** `A-` plus 8 upper-case hex digits; uniqueness is the database's job (retry on conflict). */
export function newAccountNumber(): string {
  return `A-${randomBytes(4).toString("hex").toUpperCase()}`;
}
