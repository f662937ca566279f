import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { events } from "@/db/schema";
import { emitMany, pending } from "@/server/events/emit";
import { expandRow } from "@/server/events/fanout";

/**
 * Commits `perTx`-event transactions for one account: account.updated events whose
 * `changes.n` counts up, so the order a consumer sees is checkable from the payload too.
 */
export async function commitAccountEvents(
  db: Db,
  account: string,
  txs: number,
  perTx = 1,
  organisationId: number | null = null,
): Promise<string[]> {
  const ids: string[] = [];
  let n = 0;
  for (let i = 0; i < txs; i++) {
    const batch = Array.from({ length: perTx }, () =>
      pending(
        "account.updated",
        "v1",
        { account_number: account, account_user_emails: [], changes: { n: n++ } },
        { accountNumber: account, organisationId },
      ),
    );
    ids.push(...(await db.transaction((tx) => emitMany(tx as unknown as Db, batch))));
  }
  return ids;
}

/** Organisation-level events without an account (API keys). */
export async function commitOrgEvents(db: Db, organisationId: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const payload = {
      organisation_id: organisationId,
      organisation_number: `ORG-${organisationId}`,
      key_id: i + 1,
      created_by: "test",
    };
    ids.push(
      ...(await db.transaction((tx) =>
        emitMany(tx as unknown as Db, [pending("api_key.organisation.created", "v1", payload, { organisationId })]),
      )),
    );
  }
  return ids;
}

/** An account's events as every reader sees them (fan-out rows expanded), in order. */
export async function eventsFor(db: Db, accountNumber: string) {
  const rows = await db.select().from(events).where(eq(events.accountNumber, accountNumber)).orderBy(events.seq);
  return rows.flatMap(expandRow);
}
