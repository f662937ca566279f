import type { Db } from "@/db/client";
import type { ConsoleRole } from "@/db/schema";
import { ServiceError } from "./errors";

export type Actor =
  | { kind: "organisation"; organisationId: number; apiKeyId: number; via: "api_key" | "token"; label: string }
  | { kind: "user"; organisationId: number; userId: number; role: ConsoleRole; email: string }
  // A customer's own key (or its token): reads only the accounts naming its e-mail (ADR 0207).
  | {
      kind: "customer";
      organisationId: number;
      accountUserId: number;
      customerKeyId: number;
      email: string;
      via: "api_key" | "token";
      label: string;
    }
  | { kind: "system"; organisationId?: number; label: string };

export type Ctx = { db: Db; actor: Actor; requestId: string; inTransaction?: boolean };

/** Runs `fn` in one transaction, reusing the caller's when the context already holds one. */
export async function withTransaction<T>(ctx: Ctx, fn: (tx: Db, txCtx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx.db, ctx);
  return ctx.db.transaction(async (tx) =>
    fn(tx as unknown as Db, { ...ctx, db: tx as unknown as Db, inTransaction: true }),
  );
}

class DryRunRollback<T> extends Error {
  constructor(readonly value: T) {
    super("dry run");
  }
}

/**
 * A dry run: `fn` in a transaction (a savepoint inside the caller's) that is always rolled back,
 * answering what `fn` returned. The one way every dry run (account imports, transactions) undoes
 * its writes; a refusal `fn` throws passes through as it is.
 */
export async function rolledBack<T>(ctx: Ctx, fn: (tx: Db, txCtx: Ctx) => Promise<T>): Promise<T> {
  try {
    await ctx.db.transaction(async (tx) => {
      throw new DryRunRollback(await fn(tx as unknown as Db, { ...ctx, db: tx as unknown as Db, inTransaction: true }));
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.value as T;
    throw err;
  }
  throw new Error("unreachable: a dry run always rolls back");
}

export function actorLabel(actor: Actor): string {
  if (actor.kind === "user") return actor.email;
  return actor.label;
}

/** A customer actor's e-mail (their readable accounts name it), else undefined. */
export const customerEmailOf = (ctx: Ctx) => (ctx.actor.kind === "customer" ? ctx.actor.email : undefined);

/** The organisation the actor acts for; system actors must name one. */
export function organisationOf(ctx: Ctx): number {
  const id = ctx.actor.organisationId;
  if (id === undefined) throw new ServiceError("forbidden", "forbidden", "No organisation in this context.");
  return id;
}

/** Console users need the operator role to change anything; API clients and the system may. */
export function requireWriter(ctx: Ctx) {
  if (ctx.actor.kind === "customer")
    throw new ServiceError("forbidden", "forbidden", "A customer key reads its own accounts only.");
  if (ctx.actor.kind === "user" && ctx.actor.role !== "operator") {
    throw new ServiceError("forbidden", "forbidden", "Only operators may make this change.");
  }
}

export function systemCtx(db: Db, label = "system", organisationId?: number): Ctx {
  return { db, actor: { kind: "system", label, organisationId }, requestId: `sys-${crypto.randomUUID()}` };
}
