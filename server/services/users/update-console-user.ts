import { hash } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { CONSOLE_ROLES, consoleUsers } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { endUserSessions } from "../../auth/console-sessions";

export const UpdateConsoleUserInput = z
  .strictObject({
    email: z.email().transform((e) => e.toLowerCase()),
    name: z.string().trim().min(1).max(200).optional(),
    password: z.string().min(10, "At least 10 characters.").max(200).optional(),
    role: z.enum(CONSOLE_ROLES).optional(),
  })
  .refine((v) => v.name !== undefined || v.password !== undefined || v.role !== undefined, {
    message: "Give a name, password or role to change.",
  });
export type UpdateConsoleUserInput = z.input<typeof UpdateConsoleUserInput>;

/**
 * Changes a console user of the caller's organisation. A new password or role ends every
 * session the user has (console sign-ins and password-obtained refresh tokens) in the same
 * transaction, so nothing granted under the old ones outlives the change.
 */
export async function updateConsoleUser(ctx: Ctx, raw: UpdateConsoleUserInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = UpdateConsoleUserInput.parse(raw);
  const passwordHash = input.password === undefined ? undefined : await hash(input.password);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(consoleUsers)
      .set({ name: input.name, role: input.role, passwordHash })
      .where(and(eq(consoleUsers.email, input.email), eq(consoleUsers.organisationId, organisationId)))
      .returning({ id: consoleUsers.id, email: consoleUsers.email, name: consoleUsers.name, role: consoleUsers.role });
    if (!row) throw new ServiceError("not_found", "user_not_found", `No console user with e-mail ${input.email}.`);
    const sessionsEnded = passwordHash !== undefined || input.role !== undefined;
    if (sessionsEnded)
      await endUserSessions(tx, row.id, passwordHash !== undefined ? "password_changed" : "role_changed");
    const changed = [
      input.name !== undefined && "name",
      passwordHash !== undefined && "password",
      input.role !== undefined && "role",
    ].filter(Boolean);
    await recordAudit(tx, ctx, {
      action: "user.updated",
      entityType: "console_user",
      entityId: row.email,
      details: { changed, role: row.role, sessionsEnded },
    });
    return { ...row, sessionsEnded };
  });
}
