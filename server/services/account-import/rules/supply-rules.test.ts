import { addDays } from "@/server/lib/time";
import { describe, expect, it } from "vitest";
import { found, parsed, TODAY } from "@/test/rule-findings";
import { supplyRules } from "./supply-rules";

const run = (kind: Parameters<typeof parsed>[0], edit?: Parameters<typeof parsed>[1]) =>
  found(supplyRules(parsed(kind, edit), TODAY));
const MP = "supply_addresses.0.meter_points";
/** The first supply address's meter points: 0 electricity, 1 gas. */
const points = (a: any) => a.supply_addresses[0].meter_points;
const secondAddress = (a: any, meterPoints: unknown[] = []) =>
  a.supply_addresses.push({
    ...a.supply_addresses[0],
    supply_address1: "14 Marylebone Road",
    property_external_identifier: "PROP-2",
    meter_points: meterPoints,
  });

describe("supplyRules", () => {
  it("passes full domestic and business accounts, an account without supply, and an address without meter points", () => {
    expect(run("domestic")).toEqual([]);
    expect(run("business")).toEqual([]);
    expect(run("no-supply")).toEqual([]);
    expect(run("domestic", (a) => secondAddress(a))).toEqual([]);
  });

  it("duplicate_supply_addresses_found: same first two lines and postcode, whatever its case and spacing", () => {
    expect(
      run("domestic", (a) =>
        a.supply_addresses.push({
          ...a.supply_addresses[0],
          supply_postcode: "NW15LR",
          property_external_identifier: "P2",
          meter_points: [],
        }),
      ),
    ).toEqual([["duplicate_supply_addresses_found", "supply_addresses.1"]]);
  });

  it("duplicate_property_external_identifiers", () => {
    expect(
      run(
        "domestic",
        (a) =>
          secondAddress(a) &&
          (a.supply_addresses[1].property_external_identifier = a.supply_addresses[0].property_external_identifier),
      ),
    ).toEqual([["duplicate_property_external_identifiers", "supply_addresses.1.property_external_identifier"]]);
  });

  it("start_date_later_than_end_date: moving out before moving in, supply ending before it starts, an agreement or AQ ending before it starts", () => {
    expect(run("domestic", (a) => (a.supply_addresses[0].customer_at_supply_address_to_date = "2024-11-14"))).toEqual([
      ["start_date_later_than_end_date", "supply_addresses.0.customer_at_supply_address_to_date"],
    ]);
    expect(run("domestic", (a) => (points(a)[1].supply_end_date = "2024-12-31"))).toEqual([
      ["start_date_later_than_end_date", `${MP}.1.supply_end_date`],
    ]);
    expect(run("domestic", (a) => (points(a)[1].agreements[0].effective_to = "2024-12-31"))).toEqual([
      ["start_date_later_than_end_date", `${MP}.1.agreements.0.effective_to`],
    ]);
    expect(
      run(
        "domestic",
        (a) =>
          (points(a)[1].aq_history[0].effective_to = "2024-03-01") &&
          (points(a)[1].aq_history[1].effective_from = "2024-03-01"),
      ),
    ).toEqual([["start_date_later_than_end_date", `${MP}.1.aq_history.0.effective_to`]]);
  });

  it("multiple_property_administrators", () => {
    const admin = { given_name: "Lord", family_name: "Byron", role: "LANDLORD" };
    expect(
      run(
        "domestic",
        (a) => (a.supply_addresses[0].property_administrators = [admin, { ...admin, given_name: "Lady" }]),
      ),
    ).toEqual([["multiple_property_administrators", "supply_addresses.0.property_administrators"]]);
    expect(run("domestic", (a) => (a.supply_addresses[0].property_administrators = [admin]))).toEqual([]);
  });

  it("metadata_has_duplicate_keys on a supply address", () => {
    expect(
      run("domestic", (a) => a.supply_addresses[0].metadata.push({ key: "legacy_property_id", value: 1 })),
    ).toEqual([["metadata_has_duplicate_keys", "supply_addresses.0.metadata.1.key"]]);
  });

  it("duplicate_meter_points_provided: one meter point twice in an address", () => {
    expect(run("domestic", (a) => points(a).push(structuredClone(points(a)[1])))).toEqual([
      ["duplicate_meter_points_provided", `${MP}.2.identifier`],
    ]);
  });

  it("duplicate_meter_points_on_different_supply_addresses_provided", () => {
    expect(run("domestic", (a) => secondAddress(a, [structuredClone(points(a)[0])]))).toEqual([
      ["duplicate_meter_points_on_different_supply_addresses_provided", "supply_addresses.1.meter_points.0.identifier"],
    ]);
  });

  it("erroneous_transfer_not_in_progress and disputed_read_in_progress", () => {
    expect(run("domestic", (a) => (points(a)[0].et_in_progress = true))).toEqual([
      ["erroneous_transfer_not_in_progress", `${MP}.0.et_in_progress`],
    ]);
    expect(run("domestic", (a) => (points(a)[1].dr_in_progress = true))).toEqual([
      ["disputed_read_in_progress", `${MP}.1.dr_in_progress`],
    ]);
    expect(
      run("domestic", (a) => Object.assign(points(a)[1], { dr_in_progress: false, et_in_progress: null })),
    ).toEqual([]);
  });

  it("meter_point_with_no_agreement: none given, or an empty list", () => {
    expect(run("domestic", (a) => delete points(a)[0].agreements)).toEqual([
      ["meter_point_with_no_agreement", `${MP}.0.agreements`],
    ]);
    expect(run("domestic", (a) => (points(a)[1].agreements = []))).toEqual([
      ["meter_point_with_no_agreement", `${MP}.1.agreements`],
    ]);
  });

  it("agreement_start_date_before_supply_start_date", () => {
    expect(run("domestic", (a) => (points(a)[1].supply_start_date = "2025-01-02"))).toEqual([
      ["agreement_start_date_before_supply_start_date", `${MP}.1.agreements.0.effective_from`],
    ]);
  });

  it("tariff_type_does_not_match_meter_point_type: a gas tariff on electricity and the other way round", () => {
    expect(run("domestic", (a) => (points(a)[0].agreements[1].tariff_code = "G-1R-VAR-22-11-01-C"))).toEqual([
      ["tariff_type_does_not_match_meter_point_type", `${MP}.0.agreements.1.tariff_code`],
    ]);
    expect(run("domestic", (a) => (points(a)[1].agreements[0].tariff_code = "E-1R-VAR-22-11-01-C"))).toEqual([
      ["tariff_type_does_not_match_meter_point_type", `${MP}.1.agreements.0.tariff_code`],
    ]);
  });

  it("gaps_or_overlaps_in_agreement_dates: an overlap, a gap, an agreement after an open-ended one; order of the list does not matter", () => {
    const e = (from: string, to?: string) => ({
      tariff_code: "E-1R-VAR-22-11-01-C",
      effective_from: from,
      ...(to ? { effective_to: to } : {}),
    });
    const at = (agreements: unknown[]) => run("domestic", (a) => (points(a)[0].agreements = agreements));
    expect(at([e("2025-01-01", "2025-08-01"), e("2025-07-01")])).toEqual([
      ["gaps_or_overlaps_in_agreement_dates", `${MP}.0.agreements.1.effective_from`],
    ]);
    expect(at([e("2025-01-01", "2025-06-01"), e("2025-07-01")])).toEqual([
      ["gaps_or_overlaps_in_agreement_dates", `${MP}.0.agreements.1.effective_from`],
    ]);
    expect(at([e("2025-01-01"), e("2026-01-01")])).toEqual([
      ["gaps_or_overlaps_in_agreement_dates", `${MP}.0.agreements.1.effective_from`],
    ]);
    expect(at([e("2026-01-01"), e("2025-01-01", "2026-01-01")])).toEqual([]);
  });

  it("tax_exemptions_provided_for_domestic_account: vat_exemptions or ccl_exemptions", () => {
    expect(
      run("domestic", (a) => (points(a)[0].vat_exemptions = [{ effective_from: "2025-01-01", rate: "1" }])),
    ).toEqual([["tax_exemptions_provided_for_domestic_account", `${MP}.0.vat_exemptions`]]);
    expect(
      run("domestic", (a) => (points(a)[1].ccl_exemptions = [{ effective_from: "2025-01-01", rate: "1" }])),
    ).toEqual([["tax_exemptions_provided_for_domestic_account", `${MP}.1.ccl_exemptions`]]);
  });

  it("multiple_open_ended_tax_exemptions, overlapping_effective_dates_for_tax_exemptions, start_date_same_as_end_date", () => {
    const set = (list: unknown[]) => run("business", (a) => (points(a)[0].vat_exemptions = list));
    expect(
      set([
        { effective_from: "2025-01-01", rate: "1" },
        { effective_from: "2026-01-01", rate: "1" },
      ]),
    ).toEqual([
      ["multiple_open_ended_tax_exemptions", `${MP}.0.vat_exemptions`],
      ["overlapping_effective_dates_for_tax_exemptions", `${MP}.0.vat_exemptions.1`],
    ]);
    expect(
      set([
        { effective_from: "2025-01-01", effective_to: "2025-09-01", rate: "1" },
        { effective_from: "2025-06-01", effective_to: "2025-12-01", rate: "0.5" },
      ]),
    ).toEqual([["overlapping_effective_dates_for_tax_exemptions", `${MP}.0.vat_exemptions.1`]]);
    expect(set([{ effective_from: "2025-01-01", effective_to: "2025-01-01", rate: "1" }])).toEqual([
      ["start_date_same_as_end_date", `${MP}.0.vat_exemptions.0.effective_to`],
    ]);
  });

  it("repeated_eac_for_tpr: two EACs for one TPR from one date", () => {
    expect(
      run("domestic", (a) =>
        points(a)[0].eac_history.push({ tpr: "00001", consumption: "1", effective_from: "2026-01-01" }),
      ),
    ).toEqual([["repeated_eac_for_tpr", `${MP}.0.eac_history.2`]]);
  });

  it("multiple_open_ended_aqs_in_meterpoint_aq_history and gaps_or_overlaps_in_aq_history", () => {
    expect(run("domestic", (a) => delete points(a)[1].aq_history[0].effective_to)).toEqual([
      ["multiple_open_ended_aqs_in_meterpoint_aq_history", `${MP}.1.aq_history`],
    ]);
    expect(run("domestic", (a) => (points(a)[1].aq_history[0].effective_to = "2025-03-01"))).toEqual([
      ["gaps_or_overlaps_in_aq_history", `${MP}.1.aq_history.1.effective_from`],
    ]);
    // effective_to may also be the AQ's last day, as production's own example sends it.
    expect(
      run(
        "domestic",
        (a) => (points(a)[1].aq_history[0].effective_to = addDays(points(a)[1].aq_history[1].effective_from, -1)),
      ),
    ).toEqual([]);
    expect(
      run(
        "domestic",
        (a) => (points(a)[1].aq_history[0].effective_to = addDays(points(a)[1].aq_history[1].effective_from, -2)),
      ),
    ).toEqual([["gaps_or_overlaps_in_aq_history", `${MP}.1.aq_history.1.effective_from`]]);
  });

  it("multiple_non_dmex_meters_with_serial_number", () => {
    expect(run("domestic", (a) => points(a)[1].meters.push(structuredClone(points(a)[1].meters[0])))).toEqual([
      ["multiple_non_dmex_meters_with_serial_number", `${MP}.1.meters.1.meter_serial_number`],
    ]);
  });
});
