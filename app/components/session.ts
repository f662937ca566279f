import "server-only";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { createRequestContext } from "@/server/api/context";
import type { SessionUser } from "@/server/api/trpc";
import { CONSOLE_PATH_HEADER } from "@/server/web/console-headers";
import { safeCallback } from "./safe-callback";

/** The signed-in user of this request (read once per request, shared by layout and page). */
export const currentUser = cache(async (): Promise<SessionUser | null> => (await createRequestContext()).user);

/**
 * The signed-in user of this request, or a redirect to sign in that comes back to the address
 * asked for, its whole query included (proxy.ts passes it on); `path` when there is none.
 */
export async function requireUser(path: string): Promise<SessionUser> {
  const user = await currentUser();
  if (user) return user;
  const jar = await cookies();
  const hadSession = jar.getAll().some((c) => c.name.endsWith("authjs.session-token"));
  const reason = hadSession ? "&reason=expired" : "";
  const asked = (await headers()).get(CONSOLE_PATH_HEADER);
  redirect(`/signin?callbackUrl=${encodeURIComponent(safeCallback(asked || path))}${reason}`);
}
