import { z } from "zod";

export const AccountFindOutput = z.array(
  z.object({
    matchedOn: z.enum(["external_account_number", "account_number", "meter_point"]),
    accountNumber: z.string().nullable(),
    externalAccountNumber: z.string(),
    importSupplier: z.string(),
    status: z.enum(["staged", "imported", "failed"]),
    billingName: z.string().nullable(),
  }),
);

export const AccountGetOutput = z.object({
  number: z.string(),
  externalAccountNumber: z.string(),
  importSupplier: z.string(),
  supplierStatus: z.enum(["Ongoing", "Paused", "Complete"]),
  accountType: z.string(),
  salesChannel: z.string().nullable(),
  billingName: z.string().nullable(),
  billingAddress: z.array(z.string()),
  billingEmail: z.string().nullable(),
  transferBalance: z.string().nullable(),
  lastBilledToDate: z.string().nullable(),
  lastStatementClosingDate: z.string().nullable(),
  openStatementPeriodStart: z.string(),
  createdAt: z.date(),
  customers: z.array(
    z.object({
      name: z.string(),
      salutation: z.string().nullable(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
      landline: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      psr: z.array(
        z.object({
          description: z.string().nullable(),
          elecIndustryCode: z.string().nullable(),
          gasIndustryCode: z.string().nullable(),
          additionalInformation: z.string().nullable(),
          effectiveFrom: z.string().nullable(),
          effectiveTo: z.string().nullable(),
        }),
      ),
      preferences: z.array(z.object({ name: z.string(), value: z.union([z.boolean(), z.string()]).nullable() })),
    }),
  ),
  supplyAddresses: z.array(
    z.object({
      id: z.number(),
      lines: z.array(z.string()),
      movedInOn: z.string().nullable(),
      movedOutOn: z.string().nullable(),
      meterPoints: z.array(
        z.object({
          fuel: z.enum(["electricity", "gas"]),
          mpxn: z.string(),
          mpid: z.string().nullable(),
          shipperMpid: z.string().nullable(),
          supplyStartDate: z.string().nullable(),
          supplyEndDate: z.string().nullable(),
          lastBilledToDate: z.string().nullable(),
          profileClass: z.number().nullable(),
          ssc: z.string().nullable(),
          measurementClass: z.string().nullable(),
          consumptionStandard: z.number().nullable(),
          isExport: z.boolean(),
          meters: z.array(
            z.object({
              serialNumber: z.string(),
              installedOn: z.string().nullable(),
              removedOn: z.string().nullable(),
              smartType: z.string().nullable(),
              isPrepay: z.boolean(),
              registers: z.array(
                z.object({
                  id: z.string(),
                  tpr: z.string().nullable(),
                  isSettlement: z.boolean(),
                  digits: z.number().nullable(),
                }),
              ),
            }),
          ),
          agreements: z.array(
            z.object({
              tariffCode: z.string(),
              productCode: z.string(),
              effectiveFrom: z.string(),
              effectiveTo: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  importProcess: z
    .object({
      status: z.enum(["staged", "imported", "failed"]),
      stagedAt: z.date(),
      updatedAt: z.date(),
      importedAt: z.date().nullable(),
      operationsTeamName: z.string().nullable(),
    })
    .nullable(),
});

export const AccountNotesOutput = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      documents: z.array(z.object({ path: z.string(), index: z.number() })),
      id: z.number(),
      body: z.string().nullable(),
      documentPaths: z.array(z.object({ document_path: z.string(), location: z.string() })),
      createdAt: z.date(),
      isPinned: z.boolean(),
      unpinAt: z.date().nullable(),
      source: z.enum(["import", "transaction_date_moved"]),
    }),
  ),
  nextCursor: z.number().nullable(),
});

export const AccountTransactionsOutput = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      amount: z.string(),
      dateMoved: z.boolean(),
      id: z.number(),
      transactionId: z.string(),
      type: z.enum(["CHARGE", "CREDIT", "PAYMENT", "REPAYMENT", "SUPPLY_CHARGE"]),
      reason: z.string().nullable(),
      transactionDate: z.string(),
      originalTransactionDate: z.string(),
      description: z.string().nullable(),
      paymentType: z.string().nullable(),
      reference: z.string().nullable(),
      displayNote: z.string().nullable(),
      note: z.string().nullable(),
      productCode: z.string().nullable(),
      statement: z.enum(["current", "historical"]),
      createdAt: z.date(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const AccountRecordsOutput = z.object({
  statements: z.object({
    items: z.array(
      z.object({
        grossAmount: z.string().nullable(),
        hasDocument: z.boolean(),
        id: z.number(),
        statementId: z.string(),
        billPeriodFromDate: z.string(),
        billPeriodToDate: z.string(),
        issuedDate: z.string().nullable(),
        number: z.string().nullable(),
        statementPath: z.string().nullable(),
        createdAt: z.date(),
      }),
    ),
    more: z.boolean(),
  }),
  paymentInstructions: z.array(
    z.object({
      id: z.number(),
      vendor: z.string(),
      type: z.string(),
      reference: z.string(),
      status: z.enum(["cancelled", "active"]),
      vendorStatus: z.string(),
      verifiedAt: z.date(),
      createdAt: z.date(),
    }),
  ),
  registrations: z.array(
    z.object({
      id: z.number(),
      fuel: z.enum(["electricity", "gas"]),
      mpxn: z.string(),
      supplyStartDate: z.string(),
      status: z.enum(["failed", "sent", "requested"]),
      errorDetail: z.string().nullable(),
      attempts: z.number(),
      requestedAt: z.date(),
      sentAt: z.date().nullable(),
      failedAt: z.date().nullable(),
    }),
  ),
  readings: z.object({
    items: z.array(
      z.object({
        readingValue: z.string(),
        id: z.number(),
        fuel: z.enum(["electricity", "gas"]),
        mpxn: z.string(),
        meterSerialNumber: z.string(),
        registerId: z.string(),
        readingDate: z.string(),
        readingType: z.string(),
        source: z.enum(["transfer", "history"]),
        billed: z.boolean().nullable(),
        validationStatus: z.string().nullable(),
      }),
    ),
    more: z.boolean(),
  }),
});
