import { getDb } from "@/db/client";
import { auth } from "../auth/config";
import { loadSessionUser } from "../auth/console-credentials";
import type { TrpcContext } from "./trpc";

/** The tRPC context of one request: the database and the signed-in user, if any. */
export async function createRequestContext(requestId: string = crypto.randomUUID()): Promise<TrpcContext> {
  const [session, db] = await Promise.all([auth(), getDb()]);
  const id = Number(session?.user?.id);
  const organisationId = session?.user?.organisationId;
  const sessionId = session?.sessionId;
  const user =
    Number.isInteger(id) && id > 0 && organisationId && sessionId
      ? await loadSessionUser(db, { userId: id, organisationId, sessionId })
      : null;
  return { db, user, requestId };
}
