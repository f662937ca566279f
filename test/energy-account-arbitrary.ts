import type fc from "fast-check";
import { addDays } from "@/server/lib/time";
import { EnergyAccount } from "@/server/services/account-import/payload/energy-account";
import { EnergyTransaction, Note, Statement } from "@/server/services/account-import/payload/embedded";
import { TARIFFS, freshMeterIds } from "./factories/energy-account";
import { arbitraryOf, SKIP } from "./zod-arbitrary";

/**
 * Valid EnergyAccount payloads: generated from the zod schema (every documented field may
 * appear, with any value its type allows), then made to satisfy production's cross-field
 * rules (rules/), which a schema cannot express. The embedded ledger items are left out: the
 * post-import endpoints' own property tests generate those.
 */

// The repair walks a generated payload of any shape.
type Json = any;

export const rawEnergyAccount = arbitraryOf(EnergyAccount, {
  bySchema: new Map<unknown, fc.Arbitrary<unknown> | typeof SKIP>([
    [Note, SKIP],
    [Statement, SKIP],
    [EnergyTransaction, SKIP],
  ]),
});

const isDomestic = (a: Json) => a.account_type === undefined || a.account_type.startsWith("DOMESTIC");
const isOccupier = (a: Json) =>
  a.unknown_occupier === true || a.account_type === "DOMESTIC_OCCUPIER" || a.account_type === "BUSINESS_OCCUPIER";
const present = (s: unknown) => typeof s === "string" && s.trim() !== "";
const LEGACY = [
  "billing_address1",
  "billing_address2",
  "billing_address3",
  "billing_address4",
  "billing_address5",
  "billing_postcode",
];

function uniqueBy<T>(xs: T[] | undefined, key: (x: T) => string | undefined): T[] | undefined {
  if (!xs) return xs;
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = key(x);
    if (k === undefined) return true;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Consecutive periods from `start`, `days` long each: the shape agreements, AQs and exemptions must have. */
function chain(list: Json[], start: string, days: number, fromKey: string, toKey: string, openEnded: boolean) {
  list.forEach((item, k) => {
    item[fromKey] = addDays(start, k * days);
    if (k < list.length - 1 || !openEnded) item[toKey] = addDays(start, (k + 1) * days);
    else delete item[toKey];
  });
}

/** Makes a generated payload pass rules/ (and the catalogue, and meter points of its own). */
export function repair(raw: Json, ids: { supplier: string; external: string }): Json {
  const a = structuredClone(raw);
  a.import_supplier = ids.supplier;
  a.external_account_number = ids.external;
  if (a.is_managed === true && a.account_type !== "MANAGED") a.is_managed = false;
  if (a.is_portfolio_lead === true && a.account_type !== "PORTFOLIO_LEAD") a.is_portfolio_lead = false;
  if (a.unknown_occupier === true && a.account_type === "BUSINESS") a.unknown_occupier = null;
  if (a.unknown_occupier === true) a.customers = [];
  if (a.account_type === "BUSINESS" && !a.customers?.length) a.customers = [{ given_name: "Grace" }];

  if (a.billing_address) {
    for (const k of LEGACY) delete a[k];
    const b = a.billing_address;
    if (present(b.street_address)) delete b.structured_street_address;
    else if (b.structured_street_address == null) b.street_address = "1 Engine Street";
    if (!present(b.postal_code)) b.postal_code = "SW1A 1AA";
  } else if (!isOccupier(a)) {
    if (!present(a.billing_address1)) a.billing_address1 = "1 Engine Street";
    if (!present(a.billing_postcode)) a.billing_postcode = "SW1A 1AA";
  }

  if (isDomestic(a)) {
    for (const k of ["business", "business_type", "company_number", "account_billing_options"]) delete a[k];
    for (const c of a.customers ?? []) if (!present(c.family_name)) c.family_name = "Lovelace";
  }
  if (isOccupier(a)) {
    delete a.dd_reference;
    a.supply_addresses = a.supply_addresses?.slice(0, 1);
  }
  a.metadata = uniqueBy(a.metadata, (m: Json) => m.key);
  for (const c of a.customers ?? []) c.metadata = uniqueBy(c.metadata, (m: Json) => m.key);
  if (a.debts !== undefined) delete a.debt;
  if (a.payment_adequacy_changes?.length) delete a.last_payment_review_date;
  if (
    a.last_statement_issue_date &&
    a.last_statement_closing_date &&
    a.last_statement_issue_date < a.last_statement_closing_date
  )
    delete a.last_statement_issue_date;
  repairLedgers(a);
  for (const c of a.account_campaigns ?? []) {
    if (c.campaign_name != null && c.slug != null) c.campaign_name = null;
    if (c.campaign_name == null && c.slug == null) c.slug = "generated";
  }
  a.account_campaigns = uniqueBy(
    a.account_campaigns,
    (c: Json) => `${c.slug ?? c.campaign_name}|${c.start_date ?? ""}`,
  );
  a.deposit_agreements = a.deposit_agreements?.slice(0, 1);

  (a.supply_addresses ?? []).forEach((sa: Json, i: number) => repairAddress(a, sa, i));
  return a;
}

/** One ledger, given once (in ledgers or the flat fields), its balance what it holds (no transactions are generated). */
function repairLedgers(a: Json) {
  if (!a.ledgers?.length) return void delete a.ledgers;
  a.ledgers = a.ledgers.slice(0, 1);
  for (const k of [
    "current_statement_transactions",
    "historical_statement_transactions",
    "last_statement_closing_date",
    "last_statement_balance",
    "last_statement_issue_date",
  ])
    delete a[k];
  const l = a.ledgers[0];
  delete l.ledger_identifier;
  if (
    l.last_statement_issue_date &&
    l.last_statement_closing_date &&
    l.last_statement_issue_date < l.last_statement_closing_date
  )
    delete l.last_statement_issue_date;
  if (l.ledger_balance !== undefined) {
    l.ledger_balance = l.last_statement_balance ?? "0";
    if (a.transfer_balance !== undefined) a.transfer_balance = l.ledger_balance;
  }
}

function repairAddress(a: Json, sa: Json, i: number) {
  // Distinct addresses and property ids: the index goes in front.
  sa.supply_address1 = `${i + 1} ${sa.supply_address1}`.slice(0, 512);
  if (sa.property_external_identifier !== undefined)
    sa.property_external_identifier = `${i}-${sa.property_external_identifier}`.slice(0, 255);
  if (
    sa.customer_at_supply_address_to_date != null &&
    sa.customer_at_supply_address_to_date < sa.customer_at_supply_address_from_date
  )
    delete sa.customer_at_supply_address_to_date;
  sa.property_administrators = sa.property_administrators?.slice(0, 1);
  sa.metadata = uniqueBy(sa.metadata, (m: Json) => m.key);
  for (const p of sa.meter_points) {
    const ids = freshMeterIds();
    p.identifier = p.supply_type === "ELECTRICITY" ? ids.mpan : ids.mprn;
    if (p.supply_end_date != null && p.supply_end_date < p.supply_start_date) delete p.supply_end_date;
    if (p.et_in_progress === true) p.et_in_progress = false;
    if (p.dr_in_progress === true) p.dr_in_progress = false;
    if (!p.agreements?.length) p.agreements = [{ tariff_code: "" }];
    chain(p.agreements, p.supply_start_date, 120, "effective_from", "effective_to", p.agreements.length % 2 === 1);
    for (const g of p.agreements) g.tariff_code = p.supply_type === "ELECTRICITY" ? TARIFFS.single : TARIFFS.gas;
    if (isDomestic(a)) {
      delete p.vat_exemptions;
      delete p.ccl_exemptions;
    }
    for (const k of ["vat_exemptions", "ccl_exemptions"])
      if (p[k]) chain(p[k], "2021-01-01", 100, "effective_from", "effective_to", true);
    if (p.supply_type === "ELECTRICITY")
      p.eac_history = uniqueBy(p.eac_history, (e: Json) => `${e.tpr}|${e.effective_from}`);
    else if (p.aq_history)
      chain(p.aq_history, "2020-01-01", 365, "effective_from", "effective_to", p.aq_history.length % 2 === 0);
    (p.meters ?? []).forEach((m: Json, k: number) => repairMeter(p.supply_type, m, k));
  }
}

function repairMeter(fuel: string, m: Json, k: number) {
  m.meter_serial_number = `${k}${m.meter_serial_number}`.slice(0, 32);
  if (m.installed_on != null && m.removed_on != null && m.removed_on < m.installed_on) m.removed_on = null;
  if (m.smart_type === undefined || m.smart_type === "NONE") {
    delete m.smart_device_id;
    delete m.smart_commissioned_on;
  }
  if (m.prepay_details !== undefined) m.is_prepay = true;
  if (fuel !== "ELECTRICITY") return;
  if (m.is_prepay === true && !m.prepay_customer_reference_number) m.prepay_customer_reference_number = "9826001234";
  m.registers = uniqueBy(
    uniqueBy(m.registers, (r: Json) => r.register_id),
    (r: Json) => r.tpr,
  );
  const ids: string[] = (m.registers ?? []).map((r: Json) => r.register_id);
  const point = (r: Json, n: number) => {
    if (ids.length) r.register_id = ids[n % ids.length];
    else delete r.register_id;
  };
  m.transfer_readings?.forEach(point);
  m.reading_history?.forEach(point);
}
