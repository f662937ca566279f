import { describe, expect, it } from "vitest";
import { found, parsed, TODAY } from "@/test/rule-findings";
import { accountRules } from "./account-rules";

const run = (kind: Parameters<typeof parsed>[0], edit?: Parameters<typeof parsed>[1]) =>
  found(accountRules(parsed(kind, edit), TODAY));

describe("accountRules", () => {
  it("passes a full domestic account, a business account and an account without supply", () => {
    expect(run("domestic")).toEqual([]);
    expect(run("business")).toEqual([]);
    expect(run("no-supply")).toEqual([]);
  });

  it("billing_address_new_style_and_legacy: the structured address beside billing_address1..5", () => {
    expect(run("business", (a) => (a.billing_address1 = "1 Other Street"))).toEqual([
      ["billing_address_new_style_and_legacy", "billing_address"],
    ]);
    expect(
      run(
        "domestic",
        (a) => (a.billing_address = { country: "GB", street_address: "1 Road", postal_code: "SW1A 1AA" }),
      ),
    ).toEqual([["billing_address_new_style_and_legacy", "billing_address"]]);
  });

  it("invalid_address: street_address and structured_street_address together", () => {
    expect(run("business", (a) => (a.billing_address.structured_street_address = { line1: "Unit 4" }))).toEqual([
      ["invalid_address", "billing_address.structured_street_address"],
    ]);
  });

  it("invalid_postcode: a GB billing_address whose postal_code is not a UK postcode (other countries are not checked)", () => {
    expect(run("business", (a) => (a.billing_address.postal_code = "90210"))).toEqual([
      ["invalid_postcode", "billing_address.postal_code"],
    ]);
    expect(run("business", (a) => Object.assign(a.billing_address, { country: "US", postal_code: "90210" }))).toEqual(
      [],
    );
  });

  it("billing_address_not_provided: no first line or no postcode, in either style; an occupier account needs none", () => {
    expect(run("domestic", (a) => delete a.billing_address1)).toEqual([
      ["billing_address_not_provided", "billing_address1"],
    ]);
    expect(run("domestic", (a) => (a.billing_postcode = undefined))).toEqual([
      ["billing_address_not_provided", "billing_postcode"],
    ]);
    expect(run("business", (a) => (a.billing_address.street_address = " "))).toEqual([
      ["billing_address_not_provided", "billing_address.street_address"],
    ]);
    expect(run("business", (a) => (a.billing_address.postal_code = ""))).toEqual([
      ["billing_address_not_provided", "billing_address.postal_code"],
    ]);
    const occupier = (a: any) => {
      for (const k of [
        "billing_address1",
        "billing_address2",
        "billing_address3",
        "billing_address4",
        "billing_address5",
        "billing_postcode",
      ])
        delete a[k];
      a.account_type = "DOMESTIC_OCCUPIER";
    };
    expect(run("domestic", occupier)).toEqual([]);
  });

  it("customer_with_unknown_occupier: customers on an unknown_occupier account", () => {
    expect(run("no-supply", (a) => (a.unknown_occupier = true))).toEqual([
      ["customer_with_unknown_occupier", "customers"],
    ]);
    expect(run("no-supply", (a) => Object.assign(a, { unknown_occupier: true, customers: [] }))).toEqual([]);
  });

  it("occupier_account_with_multiple_supply_addresses", () => {
    const two = (a: any) => {
      a.account_type = "DOMESTIC_OCCUPIER";
      a.supply_addresses.push({
        ...a.supply_addresses[0],
        supply_address1: "14 Marylebone Road",
        property_external_identifier: "P2",
        meter_points: [],
      });
    };
    expect(run("domestic", two)).toEqual([["occupier_account_with_multiple_supply_addresses", "supply_addresses"]]);
  });

  it("dd_reference_for_occupier_account", () => {
    expect(
      run("no-supply", (a) => Object.assign(a, { account_type: "BUSINESS_OCCUPIER", dd_reference: "DD1" })),
    ).toEqual([["dd_reference_for_occupier_account", "dd_reference"]]);
    expect(run("no-supply", (a) => (a.dd_reference = "DD1"))).toEqual([]);
  });

  it("multiple_account_types_selected: a deprecated is_managed / is_portfolio_lead contradicting account_type", () => {
    expect(run("domestic", (a) => (a.is_managed = true))).toEqual([["multiple_account_types_selected", "is_managed"]]);
    expect(run("domestic", (a) => (a.is_portfolio_lead = true))).toEqual([
      ["multiple_account_types_selected", "is_portfolio_lead"],
    ]);
    expect(run("no-supply", (a) => Object.assign(a, { account_type: "MANAGED", is_managed: true }))).toEqual([]);
  });

  it("business_fields_provided_for_domestic_accounts: business, business_type, company_number; an account without account_type is domestic", () => {
    expect(run("domestic", (a) => (a.company_number = "01234567"))).toEqual([
      ["business_fields_provided_for_domestic_accounts", "company_number"],
    ]);
    expect(run("domestic", (a) => (a.business_type = "LTD"))).toEqual([
      ["business_fields_provided_for_domestic_accounts", "business_type"],
    ]);
    expect(run("no-supply", (a) => (a.business = { company_name: "X Ltd" }))).toEqual([
      ["business_fields_provided_for_domestic_accounts", "business"],
    ]);
  });

  it("account_billing_options_provided_for_domestic_accounts", () => {
    expect(run("domestic", (a) => (a.account_billing_options = { period_length: "MONTHLY" }))).toEqual([
      ["account_billing_options_provided_for_domestic_accounts", "account_billing_options"],
    ]);
  });

  it("customer_family_name_required on a domestic account, not a business one", () => {
    expect(run("domestic", (a) => a.customers.push({ given_name: "Byron" }))).toEqual([
      ["customer_family_name_required", "customers.1.family_name"],
    ]);
    expect(run("business", (a) => a.customers.push({ given_name: "Byron" }))).toEqual([]);
  });

  it("business_account_missing_customers", () => {
    expect(run("business", (a) => (a.customers = []))).toEqual([["business_account_missing_customers", "customers"]]);
  });

  it("metadata_has_duplicate_keys on the account and on a customer", () => {
    expect(run("domestic", (a) => a.metadata.push({ key: "migration_batch", value: 2 }))).toEqual([
      ["metadata_has_duplicate_keys", "metadata.2.key"],
    ]);
    expect(run("domestic", (a) => a.customers[0].metadata.push({ key: "legacy_contact_id", value: 1 }))).toEqual([
      ["metadata_has_duplicate_keys", "customers.0.metadata.1.key"],
    ]);
  });

  it("debt_and_debts_are_defined", () => {
    expect(run("domestic", (a) => (a.debt = { agency_name: "Acme" }))).toEqual([
      ["debt_and_debts_are_defined", "debt"],
    ]);
  });

  it("payment_adequacy_changes_and_last_payment_review_date_provided", () => {
    const change = {
      created_at: "2026-05-01T10:00:00Z",
      average_monthly_charge: 9000,
      average_monthly_elec_charge: 5000,
      average_monthly_gas_charge: 4000,
      balance_adjustment: 0,
      current_balance: -2000,
      existing_direct_debit_payment: 8500,
      new_direct_debit: 9000,
      target_balance: 0,
    };
    expect(run("domestic", (a) => (a.payment_adequacy_changes = [change]))).toEqual([
      ["payment_adequacy_changes_and_last_payment_review_date_provided", "last_payment_review_date"],
    ]);
  });

  it("last_payment_review_date_is_future_dated", () => {
    expect(run("domestic", (a) => (a.last_payment_review_date = "2026-11-26"))).toEqual([
      ["last_payment_review_date_is_future_dated", "last_payment_review_date"],
    ]);
    expect(run("domestic", (a) => (a.last_payment_review_date = TODAY))).toEqual([]);
  });

  it("campaign_name_and_slug_provided, campaign_name_or_slug_not_provided, duplicate_account_campaigns", () => {
    expect(run("domestic", (a) => (a.account_campaigns[0].campaign_name = "Winter"))).toEqual([
      ["campaign_name_and_slug_provided", "account_campaigns.0"],
    ]);
    expect(run("domestic", (a) => a.account_campaigns.push({ start_date: "2026-01-01" }))).toEqual([
      ["campaign_name_or_slug_not_provided", "account_campaigns.1"],
    ]);
    expect(run("domestic", (a) => a.account_campaigns.push({ ...a.account_campaigns[0] }))).toEqual([
      ["duplicate_account_campaigns", "account_campaigns.1"],
    ]);
    expect(
      run("domestic", (a) => a.account_campaigns.push({ ...a.account_campaigns[0], start_date: "2027-10-01" })),
    ).toEqual([]);
  });

  it("multiple_active_deposits_not_allowed", () => {
    expect(run("domestic", (a) => a.deposit_agreements.push({ deposit_amount: "50", reason: "TOP_UP" }))).toEqual([
      ["multiple_active_deposits_not_allowed", "deposit_agreements"],
    ]);
  });
});
