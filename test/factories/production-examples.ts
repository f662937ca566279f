/**
 * Production's own example payloads, as its data-import OpenAPI publishes them (the request
 * examples of V2 Validate Account / V2 Schedule Account Creation, which are the same
 * EnergyAccount, and of the five post-import endpoints), copied once here so that tests of
 * every layer send exactly what a migration team copies to start. Pure data: no database,
 * no vitest. Each builder returns a fresh copy; its key replaces the account's supplier and
 * external number (and the meter point identifiers) where a test needs its own.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ProductsFileInput } from "@/server/services/products/schemas";

type Json = Record<string, any>;
export type ExampleKey = { supplier?: string; external?: string; mpan?: string; mprn?: string };

/** What production's examples name: supplier TENTACLE_ENERGY, account EXTERNAL-1234. */
export const EXAMPLE = {
  supplier: "TENTACLE_ENERGY",
  external: "EXTERNAL-1234",
  mpan: "1200060176720",
  mprn: "9353824109",
} as const;
/** The product the transactions example's supply charge names. */
export const EXAMPLE_CATALOGUE = { supplyChargeProduct: "SOME-PRODUCT-CODE-4321" } as const;
/** The documents the examples name, relative to the supplier's document root. */
export const EXAMPLE_DOCUMENTS = [
  "notes/1234/attachment.jpg",
  "EXTERNAL-1234/2019-06-01-to-2019-07-01.pdf",
  "EXTERNAL-1234/2019-07-01-to-2019-08-01.pdf",
  "some/path/to/a/document.pdf",
  "path/to/statement-1.pdf",
] as const;

/**
 * Production's tariff codes (ELEC-1234-J, GAS-1234-J) name that company's catalogue and are not
 * codes this platform's catalogue holds (E-1R-<product>-<region>; the tariffs table checks it),
 * as its import_supplier names one of its own suppliers. The examples are sent with these two
 * tariffs of the example's own supply-charge product, in its region J, and nothing else changed.
 */
export const EXAMPLE_TARIFFS = {
  "ELEC-1234-J": "E-1R-SOME-PRODUCT-CODE-4321-J",
  "GAS-1234-J": "G-1R-SOME-PRODUCT-CODE-4321-J",
} as const;

/** The catalogue the examples need: product SOME-PRODUCT-CODE-4321 (the supply charge's) with the two tariffs, from 2019. */
export function exampleCatalogue(): ProductsFileInput {
  const rate = (exc: string, inc: string) => ({
    value_exc_vat: exc,
    value_inc_vat: inc,
    valid_from: "2019-01-01T00:00:00Z",
    valid_to: null,
    payment_method: null,
  });
  return {
    products: [
      {
        code: EXAMPLE_CATALOGUE.supplyChargeProduct,
        brand: "TENTACLE_ENERGY",
        full_name: "Some product (production's example)",
        display_name: "Some product",
        available_from: "2019-01-01T00:00:00Z",
        tariffs: [
          {
            code: EXAMPLE_TARIFFS["ELEC-1234-J"],
            standing_charges: [rate("40", "42")],
            standard_unit_rates: [rate("11", "11.55")],
          },
          {
            code: EXAMPLE_TARIFFS["GAS-1234-J"],
            standing_charges: [rate("25", "26.25")],
            standard_unit_rates: [rate("4", "4.2")],
          },
        ],
      },
    ],
  };
}

/** Writes the documents the examples name under `dir` (the supplier's document root). */
export function writeExampleDocuments(dir: string) {
  for (const doc of EXAMPLE_DOCUMENTS) {
    mkdirSync(path.dirname(path.join(dir, doc)), { recursive: true });
    writeFileSync(path.join(dir, doc), doc.endsWith(".pdf") ? "%PDF-1.4 example" : "example attachment");
  }
}

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));
function keyed(body: Json, k: ExampleKey): Json {
  const out: Json = copy(body);
  if (k.supplier) out.import_supplier = k.supplier;
  if (k.external) out.external_account_number = k.external;
  return out;
}

/** The EnergyAccount example: a ledger in `ledgers` (a REPAYMENT with `payment_type: ""`), both fuels, notes, statements. */
export function exampleAccount(k: ExampleKey = {}): Json {
  const a = keyed(ACCOUNT, k);
  for (const p of a.supply_addresses[0].meter_points) {
    if (p.supply_type === "ELECTRICITY" && k.mpan) p.identifier = k.mpan;
    if (p.supply_type === "GAS" && k.mprn) p.identifier = k.mprn;
    for (const g of p.agreements)
      g.tariff_code = EXAMPLE_TARIFFS[g.tariff_code as keyof typeof EXAMPLE_TARIFFS] ?? g.tariff_code;
  }
  return a;
}
export const exampleTransactions = (k: ExampleKey = {}) => keyed(TRANSACTIONS, k);
export const exampleNotes = (k: ExampleKey = {}) => keyed(NOTES, k);
export const exampleStatements = (k: ExampleKey = {}) => keyed(STATEMENTS, k);
export const examplePaymentInstruction = (k: ExampleKey = {}) => keyed(PAYMENT_INSTRUCTION, k);

const ACCOUNT: Json = {
  import_supplier: "TENTACLE_ENERGY",
  external_account_number: "EXTERNAL-1234",
  unknown_occupier: false,
  customers: [
    {
      given_name: "Bob",
      family_name: "Jabłoński",
      email: "bob@jablonski.com",
      mobile: "07123456789",
      landline: "02072343456",
      date_of_birth: "1989-01-11",
      title: "Mr",
      salutation: "Hi",
      psr: [
        {
          elec_industry_code: "01",
          effective_from: "2012-01-01",
        },
        {
          gas_industry_code: "01",
          effective_from: "2012-01-01",
        },
      ],
      customer_preferences: {
        opted_into_sms: true,
        opted_into_recommended: true,
        opted_into_updates: true,
        opted_into_third_parties: true,
        opted_into_offers: true,
        is_user_psr_consent_obtained: true,
      },
    },
  ],
  billing_name: "Robert Jabłoński",
  billing_address1: "123 Fake Street",
  billing_address2: "",
  billing_address3: "",
  billing_address4: "",
  billing_address5: "",
  billing_postcode: "W1F 9DE",
  account_type: "DOMESTIC",
  sales_channel: "DIRECT",
  sales_subchannel: "",
  supply_addresses: [
    {
      supply_address1: "123 Fake Street",
      supply_address2: "",
      supply_address3: "",
      supply_address4: "",
      supply_address5: "",
      supply_postcode: "W1F 9DE",
      is_landlord: false,
      customer_at_supply_address_from_date: "2019-01-01",
      meter_points: [
        {
          identifier: "1200060176720",
          supply_type: "ELECTRICITY",
          agreements: [
            {
              tariff_code: "ELEC-1234-J",
              effective_from: "2019-08-01",
            },
          ],
          mpid: "TENT",
          supply_start_date: "2019-01-01",
          profile_class: 1,
          ssc: "0393",
          meters: [
            {
              meter_serial_number: "Z16N389556",
              installed_on: "2001-01-01",
              registers: [
                {
                  register_id: "1",
                  tpr: "00001",
                  number_of_digits: 5,
                },
                {
                  register_id: "X",
                  tpr: "00043",
                  number_of_digits: 5,
                  is_settlement: false,
                },
              ],
              transfer_readings: [
                {
                  register_id: "1",
                  reading_date: "2019-08-01",
                  reading_value: "1000.00",
                  reading_type: "CUSTOMER",
                },
              ],
              reading_history: [
                {
                  register_id: "1",
                  reading_date: "2019-06-20",
                  reading_value: "980.00",
                  reading_type: "CUSTOMER",
                  billed: true,
                },
                {
                  register_id: "1",
                  reading_date: "2019-05-20",
                  reading_value: "960.00",
                  reading_type: "ROUTINE",
                  billed: true,
                },
              ],
            },
          ],
          et_in_progress: false,
          dr_in_progress: false,
          smart_refusal_interest: {
            type: "NOT_INTERESTED",
            date: "2020-04-01",
            refusal_reason: "DO_NOT_OWN_HOME",
            source: "EMAIL",
          },
          eac_history: [
            {
              effective_from: "2019-10-01",
              tpr: "00001",
              consumption: "1500",
              source: "D0019",
            },
            {
              effective_from: "2019-09-01",
              tpr: "00001",
              consumption: "1300",
              source: "D0019",
            },
          ],
        },
        {
          identifier: "9353824109",
          supply_type: "GAS",
          agreements: [
            {
              tariff_code: "GAS-1234-J",
              effective_from: "2019-08-01",
            },
          ],
          mpid: "TEN",
          shipper_mpid: "TCL",
          supply_start_date: "2019-04-10",
          meters: [
            {
              meter_serial_number: "54BV",
              installed_on: "2002-01-01",
              gas_number_of_digits: 5,
              smart_type: "SMETS1",
              transfer_readings: [
                {
                  reading_date: "2019-08-01",
                  reading_value: "500.00",
                  reading_type: "CUSTOMER",
                },
              ],
              is_prepay: true,
              prepay_details: {
                debt_balance: "21.3",
                credit_balance: "12.3",
                transfer_vend_read_date: "2019-07-31",
                gas_debt_repayment_options: {
                  weekly_min: "3.00",
                  weekly_max: "3.50",
                },
              },
            },
          ],
          et_in_progress: false,
          dr_in_progress: false,
          aq_history: [
            {
              effective_from: "2019-01-01",
              consumption: "8720",
            },
            {
              effective_from: "2018-01-01",
              effective_to: "2018-12-31",
              consumption: "8712",
            },
            {
              effective_from: "2017-01-01",
              effective_to: "2017-12-31",
              consumption: "8716",
            },
          ],
        },
      ],
      property_administrators: [
        {
          given_name: "Groundskeeper",
          family_name: "Willie",
          email: "groundskeeper@willie.com",
          mobile: "07712354321",
          landline: "+442076543210",
          date_of_birth: "1955-02-23",
          title: "Mr",
          salutation: "Hi",
        },
      ],
    },
  ],
  transfer_balance: "30.00",
  ledgers: [
    {
      current_statement_transactions: [
        {
          transaction_id: "1",
          transaction_date: "2019-08-04",
          amount: "10.00",
          type: "REPAYMENT",
          reason: "FULL_CREDIT_REFUND",
          payment_type: "",
        },
        {
          transaction_id: "2",
          transaction_date: "2019-08-05",
          amount: "20.00",
          type: "PAYMENT",
          reason: "ACCOUNT_CHARGE_PAYMENT",
        },
      ],
      historical_statement_transactions: [
        {
          transaction_id: "3",
          transaction_date: "2018-08-05",
          amount: "10.00",
          type: "PAYMENT",
          reason: "ACCOUNT_CHARGE_PAYMENT",
        },
        {
          transaction_id: "4",
          transaction_date: "2018-07-05",
          amount: "10.00",
          type: "CREDIT",
          reason: "DIRECT_DEBIT_DISCOUNT",
        },
      ],
      last_statement_closing_date: "2019-07-31",
      last_statement_balance: "20.00",
      last_statement_issue_date: "2019-08-01",
      ledger_balance: "30.00",
    },
  ],
  last_billed_to_date: "2019-08-01",
  payment_schedules: [
    {
      amount: "6.00",
      day_of_month: 10,
      frequency: "MONTHLY",
      means: "DD",
      start_date: "2018-01-01",
      is_debt_repayment_plan: true,
      debt_repayment_element: "2.00",
      debt_repayment_end_date: "2020-03-26",
    },
    {
      amount: "60.00",
      day_of_month: 2,
      frequency: "MONTHLY",
      means: "DD",
      start_date: "2018-01-01",
    },
  ],
  references: [
    {
      namespace: "tentacle-energy.allpay-client-reference-number",
      value: "1234567890",
    },
  ],
  notes: [
    {
      created_at: "2018-10-10T10:20:00Z",
      body: "This is a note",
      document_paths: [
        {
          document_path: "/notes/1234/attachment.jpg",
        },
      ],
    },
  ],
  statements: [
    {
      bill_period_from_date: "2019-06-01",
      bill_period_to_date: "2019-07-01",
      statement_path: "/EXTERNAL-1234/2019-06-01-to-2019-07-01.pdf",
      statement_id: "54321",
    },
    {
      bill_period_from_date: "2019-07-01",
      bill_period_to_date: "2019-08-01",
      statement_path: "/EXTERNAL-1234/2019-07-01-to-2019-08-01.pdf",
      statement_id: "12345",
    },
  ],
  warm_home_discount: [
    {
      tax_year: "2017/18",
      account_type: "CREDIT",
      group: "CORE",
    },
  ],
  dunning_path: {
    path_name: "standard_domestic",
    start_date: "2020-03-26",
  },
  debts: [
    {
      agency_name: "Debt R Us",
      start_date: "2019-03-26",
      is_insolvent: false,
      aged_debt: [
        {
          debt_amount: "123.00",
          due_date: "2020-12-01",
        },
      ],
    },
  ],
  last_payment_review_date: "2019-06-01",
  next_bill_due_date: "2019-09-20",
  smart_read_frequency: "HALF_HOURLY",
  smart_read_cycle_day: 10,
  communication_preference: "ONLINE",
  document_accessibility: "LARGE_PRINT",
  account_campaigns: [
    {
      slug: "super_account",
      campaign_note: "Campaign note",
    },
  ],
  metadata: [
    {
      key: "metadata_key",
      value: {
        some_data: "some_value",
      },
    },
  ],
};

/** Transactions of all five types (CHARGE, a prepay CHARGE, CREDIT, PAYMENT, REPAYMENT, SUPPLY_CHARGE). */
const TRANSACTIONS: Json = {
  import_supplier: "TENTACLE_ENERGY",
  external_account_number: "EXTERNAL-1234",
  transactions: [
    {
      transaction_id: "1",
      transaction_date: "2019-10-01",
      amount: 10.0,
      type: "CHARGE",
      reason: "IMPORTED_CHARGE",
      display_note: "Some customer facing note about the charge.",
      reference: "charge-reference-1",
      note: "Some internal note about the charge.",
    },
    {
      transaction_id: "2",
      transaction_date: "2019-10-01",
      amount: 10.0,
      type: "CHARGE",
      reason: "PREPAY_DEBT_ADJUSTMENT",
      display_note: "Some customer facing note about the prepay charge.",
      reference: "prepay-charge-reference-1",
      note: "Some internal note about the prepay charge.",
      to_prepay_meter_serial_number: "Z16N389556",
    },
    {
      transaction_id: "3",
      transaction_date: "2019-10-01",
      amount: 10.0,
      type: "CREDIT",
      reason: "IMPORTED_CREDIT",
      display_note: "Some customer facing note about the credit.",
      reference: "credit-reference-1",
      note: "Some internal note about the credit.",
    },
    {
      transaction_id: "4",
      transaction_date: "2019-10-01",
      amount: 10.0,
      type: "PAYMENT",
      reason: "ACCOUNT_CHARGE_PAYMENT",
      reference: "payment-reference-1",
      payment_type: "DD_REGULAR_COLLECTION",
      note: "Some internal note about the payment.",
    },
    {
      transaction_id: "5",
      transaction_date: "2019-10-01",
      amount: 10.0,
      type: "REPAYMENT",
      reason: "FULL_CREDIT_REFUND",
      reference: "repayment-reference-1",
      payment_type: "DIRECT_CREDIT",
      note: "Some internal note about the repayment.",
    },
    {
      transaction_id: "6",
      transaction_date: "2019-10-01",
      amount: 53.24,
      type: "SUPPLY_CHARGE",
      display_note: "Some customer facing note about the supply charge.",
      reference: "supply-charge-reference-1",
      product_code: "SOME-PRODUCT-CODE-4321",
      line_items: [
        {
          rate_band: "CONSUMPTION_STANDARD",
          start_date: "2019-10-01",
          end_date: "2019-11-01",
          number_of_units: 4.0,
          net_amount: 44.0,
          price_per_unit: 11.0,
          units: [4.0, 8.0],
        },
      ],
      tax_items: [
        {
          amount: 9.24,
          tax_type: "VAT",
          value_taxed: 44.0,
          rate: 0.21,
          unit_type: "PROPORTION",
        },
      ],
    },
  ],
};

const NOTES: Json = {
  import_supplier: "TENTACLE_ENERGY",
  external_account_number: "EXTERNAL-1234",
  notes: [
    {
      body: "Some important pinned note.",
      is_pinned: true,
      unpin_at: "2020-06-01T12:00:00Z",
    },
    {
      created_at: "2020-02-01T12:00:00Z",
      body: "Some important note with an attachment.",
      document_paths: [
        {
          document_path: "some/path/to/a/document.pdf",
        },
      ],
    },
  ],
};

const STATEMENTS: Json = {
  import_supplier: "TENTACLE_ENERGY",
  external_account_number: "EXTERNAL-1234",
  statements: [
    {
      bill_period_from_date: "2022-01-01",
      bill_period_to_date: "2022-01-31",
      statement_id: "1",
      issued_date: "2022-02-02",
      number: "1",
      gross_amount: 100,
      statement_path: "path/to/statement-1.pdf",
    },
  ],
};

const PAYMENT_INSTRUCTION: Json = {
  import_supplier: "TENTACLE_ENERGY",
  external_account_number: "EXTERNAL-1234",
  vendor: "STRIPE",
  reference: "THIS-IS-A-FAKE-REFERENCE",
  type: "CARD",
};
