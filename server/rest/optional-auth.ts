import type { Db } from "@/db/client";
import { authenticate } from "../auth/authenticate";

/**
 * On a route anyone may call that shows a caller more of their own: the organisation of the
 * credentials sent, or undefined when none are sent. Credentials sent and refused are a 401, as
 * on every other route, so a mistyped key is never mistaken for asking anonymously.
 */
export async function optionalOrganisation(db: Db, req: Request): Promise<number | undefined> {
  const header = req.headers.get("authorization");
  if (!header?.trim()) return undefined;
  const actor = await authenticate(db, header, { allowCustomer: false });
  return actor.organisationId;
}
