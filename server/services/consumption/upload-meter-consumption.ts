import { sql } from "drizzle-orm";
import { z } from "zod";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { ServiceError } from "../../errors";
import { findOwnAccount } from "../accounts/find-own-account";
import { recordAudit } from "../audit/record-audit";
import { type LoadConsumptionResult, loadConsumption } from "./load-consumption";

export const UploadMeterConsumptionInput = z.object({
  accountNumber: z.string().min(1).max(64),
  mpxn: z.string().regex(/^(?:\d{13}|\d{6,10})$/),
  fileName: z.string().max(255).optional(),
  format: z.enum(["csv", "json"]),
  // The console sends the file's text; MAX_BODY_BYTES (10 MB) caps the request around it.
  content: z.string().max(10_000_000),
});
export type UploadMeterConsumptionInput = z.infer<typeof UploadMeterConsumptionInput>;

/**
 * The console's upload on a meter point of an account: the same loader as the CLI, limited to
 * that meter point (a row for another is an error at its line). The account must be the
 * operator's organisation's, and hold the meter point; otherwise it reads as missing. Audited as
 * `consumption.uploaded` on the account, with the rows read and changed.
 */
export async function uploadMeterConsumption(
  ctx: Ctx,
  input: UploadMeterConsumptionInput,
): Promise<LoadConsumptionResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const parsed = UploadMeterConsumptionInput.parse(input);
  const notFound = () =>
    new ServiceError(
      "not_found",
      "meter_point_not_found",
      `Account ${parsed.accountNumber} has no meter point ${parsed.mpxn}.`,
    );
  const { account } = await findOwnAccount(ctx.db, organisationId, parsed.accountNumber.trim().toUpperCase(), {
    notFound,
  });
  const [found] = await execRows<{ id: number }>(
    ctx.db,
    sql`select mp.id from meter_points mp where mp.account_id = ${account.id} and mp.mpxn = ${parsed.mpxn} limit 1`,
  );
  if (!found) throw notFound();
  const chunks = (async function* () {
    yield parsed.content;
  })();
  // An import started from the console is audited with who and how many (ADR 0412), in the load's transaction.
  return withTransaction(ctx, async (tx, txCtx) => {
    const loaded = await loadConsumption(txCtx, { chunks, format: parsed.format, onlyMpxn: parsed.mpxn });
    const details = {
      mpxn: parsed.mpxn,
      fileName: parsed.fileName ?? null,
      format: parsed.format,
      rows: loaded.rows,
      changed: loaded.changed,
    };
    await recordAudit(tx, txCtx, {
      action: "consumption.uploaded",
      entityType: "account",
      entityId: account.number,
      details,
    });
    return loaded;
  });
}
