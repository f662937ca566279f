import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { consoleUsers } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";

export const RemoveConsoleUserInput = z.strictObject({ email: z.email().transform((e) => e.toLowerCase()) });
export type RemoveConsoleUserInput = z.input<typeof RemoveConsoleUserInput>;

/** Removes a console user; its sessions and refresh tokens go with the row (foreign keys cascade). */
export async function removeConsoleUser(ctx: Ctx, raw: RemoveConsoleUserInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = RemoveConsoleUserInput.parse(raw);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .delete(consoleUsers)
      .where(and(eq(consoleUsers.email, input.email), eq(consoleUsers.organisationId, organisationId)))
      .returning({ id: consoleUsers.id, email: consoleUsers.email, role: consoleUsers.role });
    if (!row) throw new ServiceError("not_found", "user_not_found", `No console user with e-mail ${input.email}.`);
    await recordAudit(tx, ctx, {
      action: "user.removed",
      entityType: "console_user",
      entityId: row.email,
      details: { role: row.role },
    });
    return row;
  });
}
