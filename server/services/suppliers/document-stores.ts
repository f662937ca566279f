import { eq } from "drizzle-orm";
import { organisations } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { allowedDocumentStores, platformFolderOf } from "../documents/locations";

/**
 * What the supplier form shows beside its document root (issue 39 item 8): the stores a root may
 * point into, in words, and the folder a supplier created without one gets (its code appended).
 */
export async function describeDocumentStores(ctx: Ctx) {
  const organisationId = organisationOf(ctx);
  const [org] = await ctx.db
    .select({ number: organisations.number })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return { allowed: allowedDocumentStores(), ownFolder: platformFolderOf(org.number) };
}
