import type { ConsoleRole } from "@/db/schema";
import { createConsoleUser } from "@/server/services/users/create-console-user";
import type { OrgFixture } from "./organisation";
import { uniq } from "./unique";

export type UserOptions = { email?: string; name?: string; password?: string };

/** A console user of the organisation; the result carries the clear password for sign-in tests. */
export async function makeUser(org: OrgFixture, role: ConsoleRole, opts: UserOptions = {}) {
  const email = opts.email ?? `${uniq("u").toLowerCase()}@example.com`;
  const password = opts.password ?? "correct-horse-battery";
  const user = await createConsoleUser(org.ctx, { email, name: opts.name ?? `${role} user`, password, role });
  return { ...user, password, organisationId: org.id };
}
