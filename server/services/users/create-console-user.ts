import { hash } from "@node-rs/argon2";
import { z } from "zod";
import { CONSOLE_ROLES, consoleUsers } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { recordAudit } from "../audit/record-audit";

export const CreateConsoleUserInput = z.strictObject({
  email: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(200),
  password: z.string().min(10, "At least 10 characters.").max(200),
  role: z.enum(CONSOLE_ROLES),
});
export type CreateConsoleUserInput = z.input<typeof CreateConsoleUserInput>;

export async function createConsoleUser(ctx: Ctx, raw: CreateConsoleUserInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = CreateConsoleUserInput.parse(raw);
  const passwordHash = await hash(input.password);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(consoleUsers)
      .values({ organisationId, email: input.email, name: input.name, role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning({ id: consoleUsers.id, email: consoleUsers.email, name: consoleUsers.name, role: consoleUsers.role });
    if (!row)
      throw new ServiceError("conflict", "user_exists", `A console user with e-mail ${input.email} already exists.`);
    await recordAudit(tx, ctx, {
      action: "user.created",
      entityType: "console_user",
      entityId: input.email,
      details: { role: input.role },
    });
    return row;
  });
}
