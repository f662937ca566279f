import { desc, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";

export async function listApiKeys(ctx: Ctx) {
  const organisationId = organisationOf(ctx);
  return ctx.db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      createdBy: apiKeys.createdBy,
      invalidatedAt: apiKeys.invalidatedAt,
      invalidatedBy: apiKeys.invalidatedBy,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.organisationId, organisationId))
    .orderBy(desc(apiKeys.id));
}
