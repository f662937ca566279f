import { toNormalised } from "postcode";
import { INT4 } from "@/db/limits";
import { addDays } from "../../../lib/time";
import type { EnergyAccount } from "../payload/energy-account";
import type { MeterPoint } from "../payload/supply-address";
import { isDomesticAccount, metadataKeys } from "./account-rules";
import { meterRules } from "./meter-rules";
import { Findings, type Path, periodsOverlap, repeatIndexes } from "./paths";

/** Every meter point of the account with its path (supply_addresses.i.meter_points.j). */
export function meterPointsOf(
  a: Pick<EnergyAccount, "supply_addresses">,
): { point: MeterPoint; path: Path; address: number }[] {
  return (a.supply_addresses ?? []).flatMap((sa, i) =>
    sa.meter_points.map((point, j) => ({ point, path: ["supply_addresses", i, "meter_points", j], address: i })),
  );
}

const postcodeKey = (p: string) => toNormalised(p.trim()) ?? p.trim().toUpperCase();

/** Supply addresses, meter points and their agreements, meters and histories. */
export function supplyRules(a: EnergyAccount, today: string): Findings {
  const f = new Findings();
  const addresses = a.supply_addresses ?? [];
  for (const r of repeatIndexes(
    addresses,
    (sa) =>
      `${sa.supply_address1.trim().toLowerCase()}|${(sa.supply_address2 ?? "").trim().toLowerCase()}|${postcodeKey(sa.supply_postcode)}`,
  )) {
    f.add(
      ["supply_addresses", r.index],
      "duplicate_supply_addresses_found",
      `The same address as supply_addresses.${r.first}.`,
    );
  }
  for (const r of repeatIndexes(addresses, (sa) => sa.property_external_identifier || undefined)) {
    f.add(
      ["supply_addresses", r.index, "property_external_identifier"],
      "duplicate_property_external_identifiers",
      `The same property_external_identifier as supply_addresses.${r.first}.`,
    );
  }
  addresses.forEach((sa, i) => {
    const at: Path = ["supply_addresses", i];
    if (
      sa.customer_at_supply_address_to_date != null &&
      sa.customer_at_supply_address_to_date < sa.customer_at_supply_address_from_date
    ) {
      f.add(
        [...at, "customer_at_supply_address_to_date"],
        "start_date_later_than_end_date",
        "The move-out date is before the move-in date.",
      );
    }
    if ((sa.property_administrators?.length ?? 0) > 1)
      f.add(
        [...at, "property_administrators"],
        "multiple_property_administrators",
        "Give one property administrator at most.",
      );
    metadataKeys(sa.metadata, [...at, "metadata"], f);
    for (const r of repeatIndexes(sa.meter_points, (p) => p.identifier)) {
      f.add(
        [...at, "meter_points", r.index, "identifier"],
        "duplicate_meter_points_provided",
        `Meter point ${sa.meter_points[r.index].identifier} is given twice in this supply address.`,
      );
    }
  });
  const firstAddressOf = new Map<string, number>();
  for (const { point, path, address } of meterPointsOf(a)) {
    const first = firstAddressOf.get(point.identifier);
    if (first === undefined) firstAddressOf.set(point.identifier, address);
    else if (first !== address) {
      f.add(
        [...path, "identifier"],
        "duplicate_meter_points_on_different_supply_addresses_provided",
        `Meter point ${point.identifier} is also under supply_addresses.${first}.`,
      );
    }
    meterPointRules(a, point, path, today, f);
  }
  return f;
}

function meterPointRules(a: EnergyAccount, p: MeterPoint, at: Path, today: string, f: Findings) {
  if (p.supply_end_date != null && p.supply_end_date < p.supply_start_date) {
    f.add([...at, "supply_end_date"], "start_date_later_than_end_date", "supply_end_date is before supply_start_date.");
  }
  if (p.et_in_progress === true)
    f.add(
      [...at, "et_in_progress"],
      "erroneous_transfer_not_in_progress",
      "A meter point with an erroneous transfer in progress cannot be migrated.",
    );
  if (p.dr_in_progress === true)
    f.add(
      [...at, "dr_in_progress"],
      "disputed_read_in_progress",
      "A meter point with a disputed read in progress cannot be migrated.",
    );
  agreementRules(p, at, f);
  if (isDomesticAccount(a)) {
    for (const field of ["vat_exemptions", "ccl_exemptions"] as const) {
      if (p[field]?.length)
        f.add([...at, field], "tax_exemptions_provided_for_domestic_account", `${field} is for business accounts.`);
    }
  }
  for (const field of ["vat_exemptions", "ccl_exemptions"] as const) taxExemptions(p[field], [...at, field], f);
  if (p.supply_type === "ELECTRICITY") {
    for (const r of repeatIndexes(p.eac_history ?? [], (e) => `${e.tpr}|${e.effective_from}`)) {
      f.add(
        [...at, "eac_history", r.index],
        "repeated_eac_for_tpr",
        `A second EAC for TPR ${p.eac_history![r.index].tpr} from ${p.eac_history![r.index].effective_from}.`,
      );
    }
    if (largestConsumptionStandard(p.eac_history ?? []) > INT4.max) {
      f.add(
        [...at, "eac_history"],
        "max_value",
        `The EACs in force add up to more than ${INT4.max} kWh a year, more than the meter point's consumption standard can hold.`,
      );
    }
  } else {
    aqHistory(p.aq_history ?? [], [...at, "aq_history"], f);
  }
  for (const r of repeatIndexes(p.meters ?? [], (m) => m.meter_serial_number)) {
    f.add(
      [...at, "meters", r.index, "meter_serial_number"],
      "multiple_non_dmex_meters_with_serial_number",
      `Meter ${p.meters![r.index].meter_serial_number} is given twice.`,
    );
  }
  p.meters?.forEach((m, k) => meterRules(p.supply_type, m, [...at, "meters", k], today, f));
}

/**
 * The most the EACs in force could add up to on any day (each TPR's largest EAC): what
 * processing stores as the meter point's consumption standard, an integer column.
 */
function largestConsumptionStandard(eacs: { tpr: string; consumption: string | number }[]): number {
  const largest = new Map<string, number>();
  for (const e of eacs) largest.set(e.tpr, Math.max(largest.get(e.tpr) ?? 0, Math.abs(Number(e.consumption))));
  return [...largest.values()].reduce((s, v) => s + Math.round(v), 0);
}

/** Tariff codes name their fuel: E-1R-... electricity, G-1R-... gas. */
const tariffFuel = (code: string) => (/^E-/.test(code) ? "ELECTRICITY" : /^G-/.test(code) ? "GAS" : null);

/**
 * A meter point's agreements, taken in date order, must each begin on the day the one before
 * ends (effective_to is exclusive); only the last may be open-ended; none starts before supply.
 */
function agreementRules(p: MeterPoint, at: Path, f: Findings) {
  const list = p.agreements ?? [];
  if (!list.length) {
    f.add([...at, "agreements"], "meter_point_with_no_agreement", `Meter point ${p.identifier} has no agreement.`);
    return;
  }
  list.forEach((g, k) => {
    if (g.effective_to != null && g.effective_to < g.effective_from) {
      f.add(
        [...at, "agreements", k, "effective_to"],
        "start_date_later_than_end_date",
        "effective_to is before effective_from.",
      );
    }
    if (g.effective_from < p.supply_start_date) {
      f.add(
        [...at, "agreements", k, "effective_from"],
        "agreement_start_date_before_supply_start_date",
        `The agreement starts before the supply start date ${p.supply_start_date}.`,
      );
    }
    const fuel = tariffFuel(g.tariff_code);
    if (fuel && fuel !== p.supply_type) {
      f.add(
        [...at, "agreements", k, "tariff_code"],
        "tariff_type_does_not_match_meter_point_type",
        `Tariff ${g.tariff_code} is not a ${p.supply_type.toLowerCase()} tariff.`,
      );
    }
  });
  const order = list
    .map((g, k) => ({ g, k }))
    .sort((x, y) =>
      x.g.effective_from < y.g.effective_from ? -1 : x.g.effective_from > y.g.effective_from ? 1 : x.k - y.k,
    );
  for (let n = 1; n < order.length; n++) {
    const prev = order[n - 1].g;
    const cur = order[n];
    if (prev.effective_to == null || prev.effective_to !== cur.g.effective_from) {
      const why =
        prev.effective_to == null
          ? "follows an open-ended agreement"
          : prev.effective_to > cur.g.effective_from
            ? `overlaps agreements.${order[n - 1].k}`
            : `leaves a gap after agreements.${order[n - 1].k}`;
      f.add(
        [...at, "agreements", cur.k, "effective_from"],
        "gaps_or_overlaps_in_agreement_dates",
        `This agreement ${why} (each must start on the day the one before ends).`,
      );
    }
  }
}

function aqHistory(list: { effective_from: string; effective_to?: string | null }[], at: Path, f: Findings) {
  if (list.filter((q) => q.effective_to == null).length > 1)
    f.add(at, "multiple_open_ended_aqs_in_meterpoint_aq_history", "Only the latest AQ may be open-ended.");
  list.forEach((q, k) => {
    if (q.effective_to != null && q.effective_to < q.effective_from)
      f.add([...at, k, "effective_to"], "start_date_later_than_end_date", "effective_to is before effective_from.");
  });
  const sorted = list.map((q, k) => ({ q, k })).sort((x, y) => (x.q.effective_from < y.q.effective_from ? -1 : 1));
  // An AQ's effective_to may be its last day (production's own example: 2018-01-01 to
  // 2018-12-31, then 2019-01-01) or the first day after it, as agreements' is.
  for (let n = 1; n < sorted.length; n++) {
    const prev = sorted[n - 1].q;
    const next = sorted[n].q.effective_from;
    if (prev.effective_to != null && prev.effective_to !== next && addDays(prev.effective_to, 1) !== next) {
      f.add(
        [...at, sorted[n].k, "effective_from"],
        "gaps_or_overlaps_in_aq_history",
        "Each AQ must start on the day the one before ends, or the day after its effective_to.",
      );
    }
  }
}

function taxExemptions(
  list: { effective_from: string; effective_to?: string | null }[] | undefined,
  at: Path,
  f: Findings,
) {
  if (!list?.length) return;
  if (list.filter((e) => e.effective_to == null).length > 1)
    f.add(at, "multiple_open_ended_tax_exemptions", "Only one tax exemption may be open-ended.");
  list.forEach((e, k) => {
    if (e.effective_to === e.effective_from)
      f.add([...at, k, "effective_to"], "start_date_same_as_end_date", "The exemption ends on the day it starts.");
    const clash = list.findIndex(
      (o, m) =>
        m < k &&
        periodsOverlap({ from: o.effective_from, to: o.effective_to }, { from: e.effective_from, to: e.effective_to }),
    );
    if (clash >= 0)
      f.add([...at, k], "overlapping_effective_dates_for_tax_exemptions", `Overlaps ${at.join(".")}.${clash}.`);
  });
}
