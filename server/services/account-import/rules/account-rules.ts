import { isValid as isValidPostcode } from "postcode";
import type { EnergyAccount } from "../payload/energy-account";
import { Findings, type Path, repeatIndexes } from "./paths";
import { postcodeProblem } from "../../../lib/value-problems";

const LEGACY_BILLING = [
  "billing_address1",
  "billing_address2",
  "billing_address3",
  "billing_address4",
  "billing_address5",
  "billing_postcode",
] as const;

export const isOccupierAccount = (a: EnergyAccount) =>
  a.unknown_occupier === true || a.account_type === "DOMESTIC_OCCUPIER" || a.account_type === "BUSINESS_OCCUPIER";
export const isBusinessAccount = (a: EnergyAccount) => a.account_type?.startsWith("BUSINESS") === true;
/** Production treats an account without account_type as domestic. */
export const isDomesticAccount = (a: EnergyAccount) =>
  a.account_type === undefined || a.account_type.startsWith("DOMESTIC");

const present = (s: string | null | undefined) => typeof s === "string" && s.trim() !== "";

/** Account-level rules: billing address, occupiers, account type, customers, deprecated pairs. */
export function accountRules(a: EnergyAccount, today: string): Findings {
  const f = new Findings();
  billingAddress(a, f);
  if (a.unknown_occupier === true && a.customers?.length) {
    f.add(["customers"], "customer_with_unknown_occupier", "An account with unknown_occupier: true has no customers.");
  }
  if (isOccupierAccount(a)) {
    if ((a.supply_addresses?.length ?? 0) > 1)
      f.add(
        ["supply_addresses"],
        "occupier_account_with_multiple_supply_addresses",
        "An occupier account has one supply address at most.",
      );
    if (a.dd_reference !== undefined)
      f.add(
        ["dd_reference"],
        "dd_reference_for_occupier_account",
        "An occupier account has no direct debit reference.",
      );
  }
  if (a.is_managed === true && a.account_type !== undefined && a.account_type !== "MANAGED") {
    f.add(
      ["is_managed"],
      "multiple_account_types_selected",
      `is_managed: true contradicts account_type ${a.account_type}.`,
    );
  }
  if (a.is_portfolio_lead === true && a.account_type !== undefined && a.account_type !== "PORTFOLIO_LEAD") {
    f.add(
      ["is_portfolio_lead"],
      "multiple_account_types_selected",
      `is_portfolio_lead: true contradicts account_type ${a.account_type}.`,
    );
  }
  if (isDomesticAccount(a)) {
    for (const field of ["business", "business_type", "company_number"] as const) {
      if (a[field] !== undefined)
        f.add([field], "business_fields_provided_for_domestic_accounts", `${field} is for business accounts.`);
    }
    if (a.account_billing_options !== undefined) {
      f.add(
        ["account_billing_options"],
        "account_billing_options_provided_for_domestic_accounts",
        "account_billing_options is for business accounts.",
      );
    }
    a.customers?.forEach((c, i) => {
      if (!present(c.family_name))
        f.add(
          ["customers", i, "family_name"],
          "customer_family_name_required",
          "A domestic account's customer needs a family_name.",
        );
    });
  }
  if (a.account_type === "BUSINESS" && !a.customers?.length) {
    f.add(["customers"], "business_account_missing_customers", "A business account needs at least one customer.");
  }
  metadataKeys(a.metadata, ["metadata"], f);
  a.customers?.forEach((c, i) => metadataKeys(c.metadata, ["customers", i, "metadata"], f));
  if (a.debt !== undefined && a.debts !== undefined)
    f.add(["debt"], "debt_and_debts_are_defined", "Give debts, not both debt and debts.");
  if (a.payment_adequacy_changes?.length && a.last_payment_review_date != null) {
    f.add(
      ["last_payment_review_date"],
      "payment_adequacy_changes_and_last_payment_review_date_provided",
      "Give payment_adequacy_changes or last_payment_review_date, not both.",
    );
  }
  if (a.last_payment_review_date != null && a.last_payment_review_date > today) {
    f.add(
      ["last_payment_review_date"],
      "last_payment_review_date_is_future_dated",
      "last_payment_review_date is after today.",
    );
  }
  campaigns(a, f);
  if ((a.deposit_agreements?.length ?? 0) > 1)
    f.add(
      ["deposit_agreements"],
      "multiple_active_deposits_not_allowed",
      "An account has one deposit agreement at most.",
    );
  return f;
}

function billingAddress(a: EnergyAccount, f: Findings) {
  const legacy = LEGACY_BILLING.filter((k) => a[k] !== undefined);
  if (a.billing_address !== undefined && legacy.length) {
    f.add(
      ["billing_address"],
      "billing_address_new_style_and_legacy",
      `Give billing_address or ${legacy.join(", ")}, not both.`,
    );
    return;
  }
  const b = a.billing_address;
  if (b) {
    if (present(b.street_address) && b.structured_street_address != null) {
      f.add(
        ["billing_address", "structured_street_address"],
        "invalid_address",
        "Give street_address or structured_street_address, not both.",
      );
    }
    if (b.country === "GB" && present(b.postal_code) && !isValidPostcode(b.postal_code!.trim())) {
      f.add(
        ["billing_address", "postal_code"],
        "invalid_postcode",
        postcodeProblem(b.postal_code!) ?? "Not a UK postcode.",
      );
    }
  }
  if (isOccupierAccount(a)) return;
  if (b) {
    if (!present(b.street_address) && b.structured_street_address == null) {
      f.add(
        ["billing_address", "street_address"],
        "billing_address_not_provided",
        "The billing address needs its street address.",
      );
    }
    if (!present(b.postal_code))
      f.add(
        ["billing_address", "postal_code"],
        "billing_address_not_provided",
        "The billing address needs its postal code.",
      );
    return;
  }
  if (!present(a.billing_address1))
    f.add(
      ["billing_address1"],
      "billing_address_not_provided",
      "Give the billing address (billing_address1 and billing_postcode, or billing_address).",
    );
  if (!present(a.billing_postcode))
    f.add(["billing_postcode"], "billing_address_not_provided", "Give the billing address's postcode.");
}

export function metadataKeys(metadata: { key: string }[] | undefined, path: Path, f: Findings) {
  if (!metadata) return;
  for (const r of repeatIndexes(metadata, (m) => m.key)) {
    f.add(
      [...path, r.index, "key"],
      "metadata_has_duplicate_keys",
      `Metadata key '${metadata[r.index].key}' is given twice (first at ${r.first}).`,
    );
  }
}

function campaigns(a: EnergyAccount, f: Findings) {
  const list = a.account_campaigns ?? [];
  list.forEach((c, i) => {
    if (c.campaign_name != null && c.slug != null)
      f.add(["account_campaigns", i], "campaign_name_and_slug_provided", "Give campaign_name or slug, not both.");
    if (c.campaign_name == null && c.slug == null)
      f.add(["account_campaigns", i], "campaign_name_or_slug_not_provided", "Give campaign_name or slug.");
  });
  for (const r of repeatIndexes(
    list,
    (c) => (c.slug ?? c.campaign_name ?? undefined) && `${c.slug ?? c.campaign_name}|${c.start_date ?? ""}`,
  )) {
    f.add(
      ["account_campaigns", r.index],
      "duplicate_account_campaigns",
      `The same campaign as account_campaigns.${r.first}.`,
    );
  }
}
