import type { Ctx } from "../../context";
import { addDays } from "../../lib/time";
import { CreateNotesInput } from "../notes/note-schemas";
import { createNotes } from "../notes/create-notes";
import { createTransactions } from "../transactions/create-transactions";
import { sendRegistrationFlows } from "../registration/send-registration-flows";

/**
 * What a migration script would post after import, so the console has something to show. The
 * balance carried over is the account's transfer_balance and nothing else (never a second
 * "balance carried over" charge); a debit carried over is then collected by Direct Debit.
 */
export async function loadDemoActivity(
  ctx: Ctx,
  importSupplier: string,
  external: string,
  openPeriodStart: string,
  transferBalance: string,
) {
  const ref = { import_supplier: importSupplier, external_account_number: external };
  await createNotes(
    ctx,
    CreateNotesInput.parse({
      ...ref,
      notes: [
        {
          body: "Customer asked for paper bills until their online account is set up.",
          is_pinned: true,
          created_at: "2026-10-02T09:15:00Z",
        },
        {
          body: "Legacy system: final statement issued 31 October; its balance is carried over as the transfer balance.",
          created_at: "2026-11-01T08:00:00Z",
        },
      ],
    }),
  );
  const owed = transferBalance.startsWith("-") ? transferBalance.slice(1) : null;
  await createTransactions(
    ctx,
    {
      ...ref,
      transactions: [
        ...(owed
          ? [
              {
                transaction_id: `${external}-PAY`,
                transaction_date: addDays(openPeriodStart, 3),
                amount: Number(owed),
                type: "PAYMENT" as const,
                reason: "ACCOUNT_CHARGE_PAYMENT" as const,
                payment_type: "DD_REGULAR_COLLECTION" as const,
                display_note: "Balance carried over, collected",
              },
            ]
          : []),
        {
          transaction_id: `${external}-GOODWILL`,
          transaction_date: addDays(openPeriodStart, 4),
          amount: 10,
          type: "CREDIT",
          reason: "GENERAL_CREDIT",
          display_note: "Welcome credit",
        },
        // Dated inside the closed period: moved into the open one, with a pinned note.
        {
          transaction_id: `${external}-LATE`,
          transaction_date: addDays(openPeriodStart, -10),
          amount: 3.5,
          type: "CHARGE",
          reason: "IMPORTED_CHARGE",
          note: "Late meter-read adjustment from the legacy system",
        },
      ],
    },
    { check_previously_added: true, force_add_to_current_statement: true },
  );
  await sendRegistrationFlows(ctx, { import_supplier_code: importSupplier, external_account_number: external });
}
