import type { z } from "zod";
import { withMpanCheckDigit } from "@/server/lib/validators";
import type { EnergyAccount } from "@/server/services/account-import/payload/energy-account";

/**
 * Production-shaped account payloads (EnergyAccount, as production-data-import.md documents
 * them) built from parts, for the replay tests, the rule tests and the bench. Pure: no
 * database and no vitest, so bench/ can use it too. Every part takes overrides.
 */

export type EnergyAccountInput = z.input<typeof EnergyAccount>;
export type SupplyAddressInput = NonNullable<EnergyAccountInput["supply_addresses"]>[number];
export type MeterPointInput = SupplyAddressInput["meter_points"][number];
export type ElectricityPointInput = Extract<MeterPointInput, { supply_type: "ELECTRICITY" }>;
export type GasPointInput = Extract<MeterPointInput, { supply_type: "GAS" }>;
export type CustomerInput = NonNullable<EnergyAccountInput["customers"]>[number];
type ElectricityMeterInput = NonNullable<ElectricityPointInput["meters"]>[number];
type GasMeterInput = NonNullable<GasPointInput["meters"]>[number];

/** The billed-to date of every built account: transfer readings are taken on it. */
export const BILLED_TO = "2026-10-31";
export const SUPPLY_START = "2025-01-01";
export const TARIFFS = {
  single: "E-1R-VAR-22-11-01-C",
  economy7: "E-2R-VAR-22-11-01-C",
  gas: "G-1R-VAR-22-11-01-C",
} as const;

let counter = 0;
/** A fresh valid MPAN (13 digits, right check digit) and MPRN (10 digits) on every call, unique across processes. */
export function freshMeterIds(): { mpan: string; mprn: string } {
  counter += 1;
  const base =
    `${process.pid % 1000}`.padStart(3, "0") +
    `${Date.now() % 1e5}`.padStart(5, "0") +
    `${counter % 10_000}`.padStart(4, "0");
  return { mpan: withMpanCheckDigit(base), mprn: `7${base.slice(3)}` };
}

/** A single-rate electricity meter point: one smart meter, one register, a transfer reading and history, EACs, agents. */
export function electricityPoint(mpan: string, o: Partial<ElectricityPointInput> = {}): ElectricityPointInput {
  return {
    supply_type: "ELECTRICITY",
    identifier: mpan,
    mpid: "OCTO",
    supply_start_date: SUPPLY_START,
    profile_class: 1,
    ssc: "0393",
    measurement_class: "A",
    regular_reading_cycle: "Q",
    agents: {
      da_contract: {
        agent_mpid: "UDMS",
        contract_reference: "DA-0001",
        service_reference: "DA1",
        service_level_reference: "S1",
        is_amr: false,
      },
      dc_contract: { agent_mpid: "UDMS", contract_reference: "DC-0001" },
      mop_contract: { agent_mpid: "LBSL", contract_reference: "MOP-0001", is_customer_appointed: false },
    },
    eac_history: [
      { tpr: "00001", consumption: "2800.50", effective_from: "2025-01-01", source: "INDUSTRY" },
      { tpr: "00001", consumption: 3100, effective_from: "2026-01-01", source: "INDUSTRY" },
    ],
    meters: [
      singleRegisterMeter(`E${mpan.slice(-8)}`, {
        registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
      }),
    ],
    agreements: [
      {
        tariff_code: TARIFFS.single,
        effective_from: SUPPLY_START,
        effective_to: "2025-07-01",
        agreed_at: "2024-12-01T10:00:00Z",
      },
      { tariff_code: TARIFFS.single, effective_from: "2025-07-01" },
    ],
    ...o,
  };
}

/** An Economy 7 electricity meter point: day and night registers (TPRs 00043 / 00206), an EAC each. */
export function economy7Point(mpan: string, o: Partial<ElectricityPointInput> = {}): ElectricityPointInput {
  return electricityPoint(mpan, {
    profile_class: 2,
    ssc: "0151",
    eac_history: [
      { tpr: "00043", consumption: "2000.40", effective_from: SUPPLY_START },
      { tpr: "00206", consumption: "1500.30", effective_from: SUPPLY_START },
    ],
    meters: [
      {
        meter_serial_number: `E7${mpan.slice(-8)}`,
        installed_on: "2019-03-04",
        smart_type: "NONE",
        registers: [
          { register_id: "DAY", tpr: "00043", number_of_digits: 6, is_settlement: true },
          { register_id: "NIGHT", tpr: "00206", number_of_digits: 6, is_settlement: true },
        ],
        transfer_readings: [
          { register_id: "DAY", reading_date: BILLED_TO, reading_value: "045678.5", reading_type: "CUSTOMER" },
          { register_id: "NIGHT", reading_date: BILLED_TO, reading_value: 23456, reading_type: "CUSTOMER" },
        ],
        reading_history: [
          {
            register_id: "DAY",
            reading_date: "2026-07-31",
            reading_value: "045001",
            reading_type: "ROUTINE",
            billed: true,
          },
        ],
      },
    ],
    agreements: [{ tariff_code: TARIFFS.economy7, effective_from: SUPPLY_START }],
    ...o,
  });
}

function singleRegisterMeter(serial: string, o: Partial<ElectricityMeterInput> = {}): ElectricityMeterInput {
  return {
    meter_serial_number: serial,
    installed_on: "2021-05-17",
    smart_type: "SMETS2",
    smart_device_id: "00-1B-44-11-3A-B7-01-02",
    smart_commissioned_on: "2021-05-18",
    is_prepay: false,
    registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
    transfer_readings: [{ register_id: "1", reading_date: BILLED_TO, reading_value: "12345.6", reading_type: "SMART" }],
    reading_history: [
      {
        register_id: "1",
        reading_date: "2026-04-30",
        reading_value: "11011",
        reading_type: "SMART",
        billed: true,
        validation_status: "VALIDATED",
      },
      {
        register_id: "1",
        reading_date: "2026-07-31",
        reading_value: 11790.25,
        reading_type: "CUSTOMER",
        billed: false,
      },
    ],
    ...o,
  };
}

/** A gas meter point: one meter, a transfer reading and history, two AQ periods, a shipper. */
export function gasPoint(mprn: string, o: Partial<GasPointInput> = {}): GasPointInput {
  const meter: GasMeterInput = {
    meter_serial_number: `G4A${mprn.slice(-7)}`,
    gas_number_of_digits: 5,
    units_of_measure: "SCMH",
    installed_on: "2018-09-12",
    smart_type: "NONE",
    transfer_readings: [{ reading_date: BILLED_TO, reading_value: "04321", reading_type: "CUSTOMER" }],
    reading_history: [{ reading_date: "2026-07-31", reading_value: "04100.5", reading_type: "ESTIMATE", billed: true }],
  };
  return {
    supply_type: "GAS",
    identifier: mprn,
    mpid: "OCTO",
    shipper_mpid: "OCT",
    supply_start_date: SUPPLY_START,
    ldz: "SE",
    regular_reading_cycle: "CYYY",
    mam_to_appoint: "SMS",
    aq_history: [
      { consumption: "11000.00", effective_from: "2024-04-01", effective_to: "2025-04-01", source: "INDUSTRY" },
      { consumption: "12000.40", effective_from: "2025-04-01" },
    ],
    meters: [meter],
    agreements: [{ tariff_code: TARIFFS.gas, effective_from: SUPPLY_START }],
    ...o,
  };
}

export function supplyAddress(points: MeterPointInput[], o: Partial<SupplyAddressInput> = {}): SupplyAddressInput {
  return {
    supply_address1: "12 Marylebone Road",
    supply_address2: "Flat 3",
    supply_address4: "London",
    supply_postcode: "nw1 5lr",
    supply_delivery_point_identifier: "10033544614",
    customer_at_supply_address_from_date: "2024-11-15",
    property_external_identifier: `PROP-${points[0]?.identifier ?? "NONE"}`,
    primary_place_of_residence_since: "2024-11-15",
    is_landlord: false,
    label: "Home",
    metadata: [{ key: "legacy_property_id", value: 99812 }],
    meter_points: points,
    ...o,
  };
}

export function domesticCustomer(o: Partial<CustomerInput> = {}): CustomerInput {
  return {
    title: "Countess",
    given_name: "Ada",
    family_name: "Lovelace",
    salutation: "Dear Countess",
    pronouns: "SHE_HER_HERS",
    email: "ada@example.com",
    mobile: "07911 123456",
    landline: "020 7946 0000",
    alternative_phone_numbers: [{ phone_number: "0161 496 0123" }],
    date_of_birth: "1815-12-10",
    psr: [
      { description: "Blind", elec_industry_code: "11", gas_industry_code: "11", effective_from: "2025-01-01" },
      {
        description: "Temporary: post-hospital",
        elec_industry_code: "29",
        effective_from: "2026-01-01T00:00:00Z",
        effective_to: "2026-12-31T00:00:00Z",
        additional_information: "Until the end of the year",
      },
    ],
    customer_preferences: {
      opted_into_sms: true,
      opted_into_updates: true,
      opted_into_offers: false,
      is_user_psr_consent_obtained: true,
      partner_password: "ENGINE",
    },
    consents: [
      { type: "MARKETING_EMAIL", value: "ACCEPTED", signed_at: "2025-01-02T09:30:00Z", description: "Web sign-up" },
    ],
    metadata: [{ key: "legacy_contact_id", value: "C-00412" }],
    user_details: [{ namespace: "external_user_id", value: "USR-0001" }],
    ...o,
  };
}

type Ids = { supplier: string; external: string; mpan: string; mprn: string };

/**
 * A full domestic account: both fuels (an Economy 7 meter and a gas meter besides a
 * single-rate one would not fit one address, so one address holds electricity and gas),
 * registers, transfer readings and reading history, EAC/AQ, PSR, preferences, metadata,
 * references, payments and the kept-only extras, legacy billing address.
 */
export function fullDomesticAccount(ids: Ids, o: Partial<EnergyAccountInput> = {}): EnergyAccountInput {
  return {
    import_supplier: ids.supplier,
    external_account_number: ids.external,
    account_type: "DOMESTIC",
    billing_name: "Ada Lovelace",
    billing_attention_of: "Ada Lovelace",
    billing_customer_reference: "CUST-0042",
    billing_address1: "12 Marylebone Road",
    billing_address2: "Flat 3",
    billing_address3: "",
    billing_address4: "London",
    billing_address5: "Greater London",
    billing_postcode: "nw1 5lr",
    billing_delivery_point_identifier: "10033544614",
    billing_email: "ada.bills@example.com",
    sales_channel: "PRICE_COMPARISON",
    sales_subchannel: "uSwitch",
    date_of_sale: "2024-10-01",
    communication_preference: "ONLINE",
    document_accessibility: "LARGE_PRINT",
    language_preference: "en-gb",
    smart_read_frequency: "HALF_HOURLY",
    smart_read_cycle_day: 14,
    last_billed_to_date: BILLED_TO,
    transfer_balance: "-12.34",
    next_bill_due_date: "2026-12-15",
    last_payment_review_date: "2026-06-01",
    customers: [domesticCustomer()],
    supply_addresses: [supplyAddress([electricityPoint(ids.mpan), gasPoint(ids.mprn)])],
    references: [{ namespace: "legacy-crm", value: `CRM-${ids.external}` }],
    metadata: [
      { key: "migration_batch", value: "2026-11-A" },
      { key: "legacy_flags", value: { vip: false, segments: ["dual-fuel", "smart"] } },
    ],
    payment_instructions: [
      {
        type: "DIRECT_DEBIT",
        vendor: "BOTTOMLINE_PTX",
        reference: `DD-${ids.external}`,
        valid_from: "2025-01-01",
        use_for_scheduled_payments: true,
      },
    ],
    payment_preferences: [
      {
        type: "ACTIVE_EXISTING",
        ledger_identifier: "MAIN",
        instruction_reference_params: { vendor_name: "BOTTOMLINE_PTX", vendor_reference: `DD-${ids.external}` },
      },
    ],
    payment_schedules: [
      {
        means: "DD",
        start_date: "2025-01-01",
        amount: "85.00",
        frequency: "MONTHLY",
        day_of_month: 14,
        trigger: "REGULAR",
        paid_by: "CUSTOMER",
      },
    ],
    payment_promises: [{ amount: "40.00", payment_date: "2026-11-20" }],
    payment_plans: [
      {
        strategy_name: "ARREARS_3_MONTHS",
        accepted_at: "2026-09-01T12:00:00Z",
        schedule_means: "DD",
        payments: [
          {
            payment_date: "2026-12-01",
            total_amount: 3000,
            amount_components: [{ component_type: "DEBT", amount: 3000 }],
          },
        ],
      },
    ],
    debts: [
      {
        agency_name: "Acme Collections",
        start_date: "2026-02-01",
        is_insolvent: false,
        aged_debt: [{ debt_amount: "120.50", due_date: "2026-01-15" }],
      },
    ],
    dunning_path: { path_name: "STANDARD_DOMESTIC", start_date: "2026-11-01" },
    warm_home_discount: [{ tax_year: "2025/26", group: "CORE", account_type: "CREDIT" }],
    account_campaigns: [
      {
        slug: "winter-2026",
        start_date: "2026-10-01",
        expiry_date: "2027-03-31",
        campaign_note: "Switched during the winter campaign",
      },
    ],
    consents: [{ type: "SMART_DATA_HALF_HOURLY", value: "ACCEPTED", signed_at: "2025-01-02T09:30:00Z" }],
    complaints: [
      {
        complainant_name: "Ada Lovelace",
        complainant_email: "ada@example.com",
        created_at: "2026-10-10T08:00:00Z",
        type_of_complaint: "BILLING",
        subtype_of_complaint: "ESTIMATED_BILL",
        has_chsr_letter_been_sent: false,
        has_eight_week_letter_been_sent: false,
        complaint_contacts: [
          {
            body: "Bill looked too high.",
            communication_method: "EMAIL",
            communication_source: "INBOUND",
            created_at: "2026-10-10T08:00:00Z",
            status: "OPEN",
          },
        ],
      },
    ],
    deposit_agreements: [{ deposit_amount: "150.00", reason: "CREDIT_CHECK", accepted_at: "2024-10-01T09:00:00Z" }],
    ...o,
  };
}

/** A business account: structured billing address, business object, billing options, tax exemptions. */
export function businessAccount(ids: Ids, o: Partial<EnergyAccountInput> = {}): EnergyAccountInput {
  const elec = electricityPoint(ids.mpan, {
    profile_class: 3,
    ssc: "0393",
    ccl_exemptions: [{ effective_from: "2025-01-01", rate: "0.80" }],
    vat_exemptions: [
      { effective_from: "2025-01-01", effective_to: "2026-01-01", rate: "0.5" },
      { effective_from: "2026-01-01", rate: "1" },
    ],
  });
  return {
    import_supplier: ids.supplier,
    external_account_number: ids.external,
    account_type: "BUSINESS",
    billing_name: "Analytical Engines Ltd",
    billing_sub_name: "Accounts Payable",
    billing_address: {
      country: "GB",
      street_address: "Unit 4\nHarbour Estate",
      dependent_locality: "Temple Quay",
      locality: "Bristol",
      administrative_area: "England",
      postal_code: "bs1 6dz",
      delivery_point_identifier: "12345678901",
    },
    billing_email: "accounts@engines.example.com",
    company_number: "01234567",
    business_type: "LTD",
    business: {
      company_name: "Analytical Engines Ltd",
      company_number: "01234567",
      business_type: "LTD",
      details: [
        { key: "vat_number", value: "GB123456789" },
        { key: "sic_codes", value: ["62012"] },
      ],
      users: [
        {
          given_name: "Charles",
          family_name: "Babbage",
          email: "charles@engines.example.com",
          business_roles: ["ADMIN"],
          mobile: "07911 123457",
        },
      ],
    },
    account_billing_options: {
      period_start_day: 1,
      period_start_month: 4,
      period_length: "QUARTERLY",
      period_length_multiplier: 1,
      use_industry_billing: false,
    },
    sales_channel: "BROKER",
    last_billed_to_date: BILLED_TO,
    transfer_balance: 250.75,
    customers: [
      domesticCustomer({
        title: "Mr",
        given_name: "Charles",
        family_name: "Babbage",
        email: "charles@engines.example.com",
        psr: [],
        salutation: "Dear Mr Babbage",
      }),
    ],
    supply_addresses: [
      supplyAddress([elec, gasPoint(ids.mprn)], {
        supply_address1: "Unit 4",
        supply_address2: "Harbour Estate",
        supply_address4: "Bristol",
        supply_postcode: "BS1 6DZ",
        supply_delivery_point_identifier: undefined,
        customer_at_supply_address_from_date: "2025-01-01",
        property_external_identifier: `SITE-${ids.external}`,
        metadata: undefined,
      }),
    ],
    references: [{ namespace: "broker", value: "BRK-77" }],
    ...o,
  };
}

/** An account that holds only a balance and its people: no supply addresses at all. */
export function accountWithoutSupply(
  ids: Pick<Ids, "supplier" | "external">,
  o: Partial<EnergyAccountInput> = {},
): EnergyAccountInput {
  return {
    import_supplier: ids.supplier,
    external_account_number: ids.external,
    billing_name: "Mary Somerville",
    billing_address1: "8 Castle Street",
    billing_address4: "Edinburgh",
    billing_postcode: "EH2 3AT",
    customers: [{ given_name: "Mary", family_name: "Somerville", email: "mary@example.com" }],
    last_statement_closing_date: "2026-09-30",
    last_statement_issue_date: "2026-10-02",
    last_statement_balance: "0",
    transfer_balance: "0.00",
    ...o,
  };
}

/**
 * The embedded ledger of an account whose last statement closed on `closed`: notes, historical
 * statements, historical and current statement transactions (shapes the post-import endpoints
 * take too).
 */
export function embeddedLedger(
  prefix: string,
  closed = BILLED_TO,
): Pick<
  EnergyAccountInput,
  "notes" | "statements" | "historical_statement_transactions" | "current_statement_transactions"
> {
  const tx = (id: string, date: string, type: "CHARGE" | "CREDIT", amount: number) =>
    ({
      transaction_id: `${prefix}-${id}`,
      transaction_date: date,
      type,
      reason: type === "CHARGE" ? "IMPORTED_CHARGE" : "IMPORTED_CREDIT",
      amount,
      display_note: `${type.toLowerCase()} ${id}`,
    }) as never;
  return {
    notes: [
      { body: "Customer asked for paper bills from next year.", created_at: "2026-10-05T10:15:00Z", is_pinned: false },
    ] as never,
    statements: [
      {
        statement_id: `${prefix}-S1`,
        bill_period_from_date: "2026-09-01",
        bill_period_to_date: closed,
        issued_date: closed,
        number: `${prefix}-0001`,
        gross_amount: 8430,
      },
    ] as never,
    historical_statement_transactions: [tx("H1", "2026-09-15", "CHARGE", 84.3), tx("H2", closed, "CREDIT", 5)],
    current_statement_transactions: [tx("C1", "2026-11-05", "CHARGE", 12.5)],
  };
}
