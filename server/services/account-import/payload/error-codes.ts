/**
 * The `code` values the account payload's validators emit: production's own codes
 * (production-data-import.md), each named once here and used by its one validator. Clients
 * match on these; the descriptions are what docs and /v1/openapi.json say about them.
 */
const ACCOUNT_ERROR_CODES = {
  // Whole-request codes
  account_failed_validation: "Top-level code of a 400 for an account payload; `errors` lists each problem.",
  import_supplier_not_found: "No import supplier with that code in the caller's organisation.",
  import_supplier_migration_not_ongoing: "The supplier's migration is Paused or Complete.",
  import_process_does_not_exist: "process/: nothing is staged for that supplier and external account number.",
  account_already_imported: "The account was imported already (the body names its platform number).",
  operations_team_name_does_not_exist: "No operations team of that name (none is configured on this platform).",
  import_concurrency_limit: "process/: too many imports are running; retry shortly (429).",

  // v2 scheduling (POST /v2/data-import/accounts/)
  import_process_failed_validation:
    "v2: top-level code of a 400 when the account or its task_params fail validation (`domain: import_process`; `errors` lists each problem).",
  account_import_process_already_imported:
    "v2: the account was imported already (`account_id` names its platform number).",
  schedule_window_start_in_past: "task_params.schedule_window_start is more than a minute in the past.",
  schedule_window_end_too_far_in_future:
    "task_params.schedule_window_end is more than 4 days ahead (production's limit).",
  schedule_window_start__after_end:
    "task_params.schedule_window_start is after schedule_window_end (an end in the past with no start counts: the start is now).",
  scheduled_import_failed:
    "v2 status: a scheduled import could not run (the platform failed, not the data) and gave up after its retries.",

  // Field types
  required: "A required field is missing.",
  blank: "A required text field is empty or only whitespace.",
  unknown_field: "A field that is in no production schema (a typo would otherwise lose data).",
  invalid_type: "Wrong JSON type.",
  invalid_choice: "Not one of the field's enum values.",
  max_length: "Longer than the field allows.",
  min_value: "Smaller than the field allows.",
  max_value: "Larger than the field allows.",
  invalid_date: "Not a real date in YYYY-MM-DD form.",
  invalid_datetime: "Not an ISO 8601 datetime.",
  invalid_time: "Not a time in HH:MM[:SS] form.",
  invalid_decimal: "Not a decimal within the field's digits and places.",
  invalid_email: "Not an e-mail address.",
  too_few_items: "A list with fewer items than the field needs.",

  // Field values
  invalid_postcode: "Not a UK postcode.",
  invalid_phone_number: "Not a valid UK phone number.",
  invalid_supply_point_identifier: "Not an MPAN (13 digits, valid check digit) or MPRN (6-10 digits).",
  invalid_delivery_point_identifier: "A delivery point identifier holds capital letters and digits only.",
  invalid_meter_serial_number: "A meter serial number holds letters, digits, spaces and - / _ . only.",
  billing_email_not_valid: "billing_email is not an e-mail address.",
  internal_email_address: "An internal test sink address (blackhole+...).",
  tpr_not_found: "A time pattern regime is five digits.",
  incorrect_format_for_tax_year: "A warm home discount tax year is YYYY/YY with consecutive years.",
  invalid_company_number: "Not a Companies House number.",
  invalid_day_of_month: "smart_read_cycle_day is 1-28.",
  tariff_code_not_found: "No tariff with that code in the product catalogue.",
  tariff_type_does_not_match_meter_point_type:
    "An electricity tariff (E-...) on a gas meter point, or the other way round.",
  last_payment_review_date_is_future_dated: "last_payment_review_date is after today.",
  future_smart_meter_commission_date: "smart_commissioned_on is after today.",
  erroneous_transfer_not_in_progress: "et_in_progress must not be true: an erroneous transfer blocks the migration.",
  disputed_read_in_progress: "dr_in_progress must not be true: a disputed read blocks the migration.",

  // Account
  billing_address_new_style_and_legacy: "billing_address together with billing_address1..5 / billing_postcode.",
  invalid_address: "An address with both street_address and structured_street_address.",
  billing_address_not_provided: "A non-occupier account needs a billing address with a first line and a postcode.",
  customer_with_unknown_occupier: "Customers given on an account with unknown_occupier: true.",
  customer_family_name_required: "A domestic account's customer needs a family_name.",
  occupier_account_with_multiple_supply_addresses: "An occupier account has one supply address at most.",
  dd_reference_for_occupier_account: "dd_reference on an occupier account.",
  multiple_account_types_selected: "account_type together with a different deprecated is_managed / is_portfolio_lead.",
  business_fields_provided_for_domestic_accounts: "business, business_type or company_number on a domestic account.",
  account_billing_options_provided_for_domestic_accounts: "account_billing_options on a domestic account.",
  tax_exemptions_provided_for_domestic_account: "vat_exemptions / ccl_exemptions on a domestic account.",
  business_account_missing_customers: "A business account needs at least one customer.",
  metadata_has_duplicate_keys: "Two metadata entries with one key on the same owner.",
  debt_and_debts_are_defined: "Both the deprecated debt and debts.",
  payment_adequacy_changes_and_last_payment_review_date_provided:
    "Both payment_adequacy_changes and last_payment_review_date.",
  duplicate_account_campaigns: "The same campaign twice.",
  campaign_name_and_slug_provided: "A campaign with both campaign_name and slug.",
  campaign_name_or_slug_not_provided: "A campaign with neither campaign_name nor slug.",
  multiple_active_deposits_not_allowed: "More than one deposit agreement.",
  duplicate_property_external_identifiers: "Two supply addresses with one property_external_identifier.",

  // Supply addresses, meter points, agreements
  duplicate_supply_addresses_found: "Two supply addresses with the same first two lines and postcode.",
  duplicate_meter_points_provided: "One meter point twice in a supply address.",
  duplicate_meter_points_on_different_supply_addresses_provided: "One meter point under two supply addresses.",
  supply_point_on_another_account:
    "The meter point is supplied under another account for part of the agreement period.",
  meter_point_with_no_agreement: "A meter point without agreements.",
  gaps_or_overlaps_in_agreement_dates:
    "A meter point's agreements, in date order, must each start where the previous ends; only the last may be open-ended.",
  agreement_start_date_before_supply_start_date: "An agreement starts before its meter point's supply_start_date.",
  start_date_later_than_end_date: "An end date before its start date.",
  multiple_property_administrators: "More than one property administrator on a supply address.",
  multiple_non_dmex_meters_with_serial_number: "Two meters with one serial number on a meter point.",
  repeated_eac_for_tpr: "Two EACs for one TPR from the same date.",
  multiple_open_ended_aqs_in_meterpoint_aq_history: "More than one open-ended AQ.",
  gaps_or_overlaps_in_aq_history: "AQ periods overlap or leave gaps.",
  multiple_open_ended_tax_exemptions: "More than one open-ended tax exemption.",
  overlapping_effective_dates_for_tax_exemptions: "Tax exemption periods overlap.",
  start_date_same_as_end_date: "A period that ends on the day it starts.",

  // Meters, registers, readings
  registers_have_duplicate_tprs: "Two registers of a meter with one TPR.",
  meter_with_duplicate_register_ids: "Two registers of a meter with one register_id.",
  reading_register_id_not_recognised: "A transfer reading names a register the meter does not have.",
  reading_without_register_id: "A transfer reading without register_id on a meter with several registers.",
  historical_reading_register_id_not_recognised: "A historical reading names a register the meter does not have.",
  smart_details_provided_for_non_smart_meter:
    "smart_device_id / smart_commissioned_on on a meter whose smart_type is NONE.",
  prepay_details_on_non_prepay_meter: "prepay_details on a meter that is not is_prepay.",
  electricity_prepay_meter_without_customer_reference_number:
    "A prepay electricity meter needs prepay_customer_reference_number.",

  // Embedded ledger items
  duplicate_transaction_ids: "One transaction_id twice in the account's transactions.",
  historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date:
    "historical_statement_transactions need last_billed_to_date or last_statement_closing_date.",
  historical_statement_transaction_after_last_statement_closing_date:
    "A historical statement transaction dated after the last closed statement.",
  current_statement_transaction_before_current_statement_opening_date:
    "A current statement transaction dated before the open statement period.",
  historical_statement_transactions_balance_mismatch:
    "The historical statement transactions do not sum to last_statement_balance.",
  billing_document_identifier_not_allowed_for_current_statement_transactions:
    "billing_document_identifier on a current statement transaction.",
  historical_statement_period_end_in_future: "A statement whose bill period ends after today.",
  last_statement_issued_before_closing_date: "last_statement_issue_date is before last_statement_closing_date.",
  duplicate_statement_ids: "One statement_id twice in the account's statements.",
  balance_mismatch_on_transfer_balance:
    "A ledger's ledger_balance is not its last_statement_balance (else its historical transactions) plus its current statement transactions, credit positive.",

  // ledgers (the account's ledger; ADR 0110)
  ledgers_and_deprecated_ledger_fields_provided:
    "The ledger is given in ledgers and in a deprecated flat field (last_statement_*, current_/historical_statement_transactions); give it once, in ledgers.",
  duplicate_ledger_entries_found:
    "Two ledgers entries for one ledger (the same ledger_code; no code is the main ledger).",
  duplicate_identifiers_entries_found: "Two ledgers entries with one ledger_identifier.",
  unknown_ledger_identifiers: "A ledger_identifier that is none of the account's supply point identifiers.",
  multiple_ledgers_not_supported: "A second ledger: an account has one ledger on this platform.",
  ledger_balances_not_equal_to_transfer_balance: "The ledgers' ledger_balance do not add up to transfer_balance.",
} as const;

export type AccountErrorCode = keyof typeof ACCOUNT_ERROR_CODES;
export const CODES = Object.fromEntries(Object.keys(ACCOUNT_ERROR_CODES).map((k) => [k, k])) as {
  readonly [K in AccountErrorCode]: K;
};
export const ACCOUNT_ERROR_CODE_DESCRIPTIONS: Readonly<Record<AccountErrorCode, string>> = ACCOUNT_ERROR_CODES;
