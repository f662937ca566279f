import type { Db } from "@/db/client";
import { makeUser } from "./console-user";
import { makeOrg, type OrgFixture } from "./organisation";
import { makeSupplier } from "./supplier";
import { createCaller } from "@/server/api/root";

type User = Awaited<ReturnType<typeof makeUser>>;

export function callerFor(db: Db, user: User | null) {
  return createCaller({
    db,
    requestId: "test",
    user: user && {
      id: user.id,
      organisationId: user.organisationId,
      role: user.role,
      email: user.email,
      name: user.name,
    },
  });
}

/** Our organisation (operator + support) with one supplier, and another organisation with its own operator. */
export async function consoleWorld(db: Db) {
  const org: OrgFixture = await makeOrg(db, "Our Energy");
  const supplier = await makeSupplier(org);
  const other = await makeOrg(db, "Their Energy");
  const [operator, support, outsider] = await Promise.all([
    makeUser(org, "operator"),
    makeUser(org, "support"),
    makeUser(other, "operator"),
  ]);
  return {
    org,
    other,
    supplier,
    operator: callerFor(db, operator),
    support: callerFor(db, support),
    outsider: callerFor(db, outsider),
    anonymous: callerFor(db, null),
  };
}

/** The tRPC code of a rejected call, e.g. "FORBIDDEN". */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { code: string }).code;
  }
  throw new Error("expected the call to be refused");
}
