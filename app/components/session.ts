import "server-only";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { createRequestContext } from "@/server/api/context";
import type { SessionUser } from "@/server/api/trpc";
import { safeCallback } from "./safe-callback";

/** The signed-in user of this request (read once per request, shared by layout and page). */
export const currentUser = cache(async (): Promise<SessionUser | null> => (await createRequestContext()).user);

/** The signed-in user of this request, or a redirect to sign in that comes back to `path`. */
export async function requireUser(path: string): Promise<SessionUser> {
  const user = await currentUser();
  if (user) return user;
  const jar = await cookies();
  const hadSession = jar.getAll().some((c) => c.name.endsWith("authjs.session-token"));
  const reason = hadSession ? "&reason=expired" : "";
  redirect(`/signin?callbackUrl=${encodeURIComponent(safeCallback(path))}${reason}`);
}
