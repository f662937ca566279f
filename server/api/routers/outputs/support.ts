import { z } from "zod";

export const SupportSearchOutput = z.array(
  z.object({
    accountNumber: z.string().nullable(),
    externalAccountNumber: z.string(),
    importSupplier: z.string(),
    supplierName: z.string(),
    status: z.enum(["staged", "imported", "failed"]),
    billingName: z.string().nullable(),
    address: z.string().nullable(),
    score: z.number(),
    matches: z.array(
      z.object({
        kind: z.enum([
          "name",
          "billing_name",
          "email",
          "postcode",
          "mpxn",
          "account_number",
          "external_number",
          "phone",
          "postcode_outward",
          "meter_serial",
        ]),
        text: z.string(),
        highlight: z.tuple([z.number(), z.number()]).nullable(),
      }),
    ),
    failedIn: z.object({ jobId: z.number(), line: z.number() }).nullable(),
  }),
);

export const SupportLedgerOutput = z.object({
  openingBalance: z.string(),
  closingBalance: z.string(),
  carriedOverAgain: z.array(z.string()),
  items: z.array(
    z.object({
      id: z.number(),
      transactionId: z.string(),
      date: z.string(),
      type: z.enum(["CHARGE", "CREDIT", "PAYMENT", "REPAYMENT", "SUPPLY_CHARGE"]),
      reason: z.string().nullable(),
      paymentType: z.string().nullable(),
      description: z.string().nullable(),
      statement: z.enum(["current", "historical"]),
      amount: z.string(),
      effect: z.string(),
      balance: z.string(),
    }),
  ),
  totals: z.object({ count: z.number(), net: z.string(), added: z.string(), taken: z.string() }),
  statements: z.array(
    z.object({
      id: z.number(),
      statementId: z.string(),
      from: z.string(),
      to: z.string(),
      issuedDate: z.string().nullable(),
      grossAmountPence: z.number().nullable(),
      billedPence: z.string(),
      periodTotal: z.string(),
      closingBalance: z.string(),
      mismatch: z.boolean(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const SupportSearchNotesOutput = z.array(
  z.object({
    id: z.number(),
    body: z.string().nullable(),
    headline: z.string().nullable(),
    createdAt: z.date(),
    isPinned: z.boolean(),
    source: z.string(),
    documents: z.array(z.object({ path: z.string(), index: z.number() })),
  }),
);

export const SupportTimelineOutput = z.object({
  items: z.array(
    z.object({
      kind: z.enum(["import", "note", "event", "transaction"]),
      at: z.string(),
      key: z.string(),
      title: z.string(),
      detail: z.string().nullable(),
      amount: z.string().nullable(),
      count: z.number(),
      href: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
