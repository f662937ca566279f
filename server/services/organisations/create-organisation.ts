import { randomBytes } from "node:crypto";
import { z } from "zod";
import { organisations } from "@/db/schema";
import { type Ctx, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { issueApiKey } from "./issue-api-key";

export const CreateOrganisationInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  number: z
    .string()
    .regex(/^ORG-[A-Z0-9]{4,16}$/)
    .optional(),
  withApiKey: z.boolean().default(true),
});
export type CreateOrganisationInput = z.input<typeof CreateOrganisationInput>;

/** Platform set-up (CLI or system only). Returns the API key in clear text exactly once. */
export async function createOrganisation(ctx: Ctx, raw: CreateOrganisationInput) {
  if (ctx.actor.kind !== "system")
    throw new ServiceError("forbidden", "forbidden", "Only platform operators create organisations.");
  const input = CreateOrganisationInput.parse(raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const number = input.number ?? `ORG-${randomBytes(4).toString("hex").toUpperCase()}`;
    const [org] = await tx.insert(organisations).values({ name: input.name, number }).onConflictDoNothing().returning();
    if (!org) throw new ServiceError("conflict", "organisation_exists", `Organisation ${number} already exists.`);
    const key = input.withApiKey
      ? await issueApiKey({ ...txCtx, actor: { ...txCtx.actor, organisationId: org.id } }, {})
      : null;
    return { organisation: org, apiKey: key };
  });
}
