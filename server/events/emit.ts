import { v7 as uuidv7 } from "uuid";
import type { Db } from "@/db/client";
import { events } from "@/db/schema";
import { type EventPayload, type EventType, type EventVersion, parseEventPayload } from "./registry";

export type EmitOptions = { accountNumber?: string | null; organisationId?: number | null; occurredAt?: Date };

/**
 * Writes an event to the outbox in the caller's transaction: the change and its events
 * commit together. An invalid payload throws, so the change rolls back with it.
 */
export async function emit<T extends EventType, V extends EventVersion<T>>(
  tx: Db,
  type: T,
  version: V,
  payload: EventPayload<T, V>,
  opts: EmitOptions = {},
): Promise<string> {
  const [id] = await emitMany(tx, [{ type, version, payload, ...opts }]);
  return id;
}

export type PendingEvent = { type: string; version: string; payload: unknown } & EmitOptions;

/** Batch form for hot paths (one INSERT for many events); payloads are validated the same way. */
export async function emitMany(tx: Db, batch: PendingEvent[]): Promise<string[]> {
  if (!batch.length) return [];
  const rows = batch.map((e) => ({
    id: uuidv7(),
    type: e.type,
    version: e.version,
    payload: parseEventPayload(e.type, e.version, e.payload) as Record<string, unknown>,
    accountNumber: e.accountNumber ?? null,
    organisationId: e.organisationId ?? null,
    occurredAt: e.occurredAt ?? new Date(),
  }));
  await tx.insert(events).values(rows);
  return rows.map((r) => r.id);
}

/** Type-checked constructor for emitMany's batch items. */
export function pending<T extends EventType, V extends EventVersion<T>>(
  type: T,
  version: V,
  payload: EventPayload<T, V>,
  opts: EmitOptions = {},
): PendingEvent {
  return { type, version, payload, ...opts };
}
