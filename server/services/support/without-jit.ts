import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type Ctx, withTransaction } from "../../context";

/**
 * Runs the reads of one support request in its transaction with PostgreSQL's JIT off: their
 * plans cost above jit_above_cost on 100,000 accounts or a 10,000-row window, and compiling
 * them (about 100 ms) would cost more than running them (ADR 0407).
 */
export function withoutJit<T>(ctx: Ctx, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withTransaction(ctx, async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return fn(tx);
  });
}
