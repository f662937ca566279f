import { describe, expect, it } from "vitest";
import { found, parsed, TODAY } from "@/test/rule-findings";
import type { ElectricityMeter, GasMeter } from "../payload/meter";
import { payloadRuleErrors } from "./index";
import { meterRules } from "./meter-rules";
import { Findings } from "./paths";

const AT = ["supply_addresses", 0, "meter_points", 0, "meters", 0];
const ELEC = "supply_addresses.0.meter_points.0.meters.0";

/** The full domestic account's electricity meter (smart, one register "1"), changed by `edit`. */
function electricity(edit: (m: any) => void = () => {}) {
  const m = parsed("domestic", (a) => edit(a.supply_addresses[0].meter_points[0].meters[0])).supply_addresses![0]
    .meter_points[0].meters![0];
  const f = new Findings();
  meterRules("ELECTRICITY", m as ElectricityMeter, AT, TODAY, f);
  return found(f);
}

function gas(edit: (m: any) => void = () => {}) {
  const m = parsed("domestic", (a) => edit(a.supply_addresses[0].meter_points[1].meters[0])).supply_addresses![0]
    .meter_points[1].meters![0];
  const f = new Findings();
  meterRules("GAS", m as GasMeter, ["supply_addresses", 0, "meter_points", 1, "meters", 0], TODAY, f);
  return found(f);
}

describe("meterRules", () => {
  it("passes the full account's electricity and gas meters, and an Economy 7 meter with a reading per register", () => {
    expect(electricity()).toEqual([]);
    expect(gas()).toEqual([]);
  });

  it("start_date_later_than_end_date: removed before installed", () => {
    expect(electricity((m) => (m.removed_on = "2021-05-16"))).toEqual([
      ["start_date_later_than_end_date", `${ELEC}.removed_on`],
    ]);
  });

  it("smart_details_provided_for_non_smart_meter: smart details on a NONE or unspecified smart_type, gas too", () => {
    expect(electricity((m) => (m.smart_type = "NONE"))).toEqual([
      ["smart_details_provided_for_non_smart_meter", `${ELEC}.smart_type`],
    ]);
    expect(electricity((m) => delete m.smart_type)).toEqual([
      ["smart_details_provided_for_non_smart_meter", `${ELEC}.smart_type`],
    ]);
    expect(gas((m) => (m.smart_device_id = "AB-CD"))).toEqual([
      ["smart_details_provided_for_non_smart_meter", "supply_addresses.0.meter_points.1.meters.0.smart_type"],
    ]);
  });

  it("future_smart_meter_commission_date", () => {
    expect(electricity((m) => (m.smart_commissioned_on = "2026-11-26"))).toEqual([
      ["future_smart_meter_commission_date", `${ELEC}.smart_commissioned_on`],
    ]);
  });

  it("prepay_details_on_non_prepay_meter", () => {
    const details = { credit_balance: "5.00", debt_balance: "0", transfer_vend_read_date: "2026-10-31" };
    expect(gas((m) => (m.prepay_details = details))).toEqual([
      ["prepay_details_on_non_prepay_meter", "supply_addresses.0.meter_points.1.meters.0.prepay_details"],
    ]);
    expect(gas((m) => Object.assign(m, { prepay_details: details, is_prepay: true }))).toEqual([]);
  });

  it("electricity_prepay_meter_without_customer_reference_number, also on a meter that lists no registers", () => {
    expect(electricity((m) => (m.is_prepay = true))).toEqual([
      ["electricity_prepay_meter_without_customer_reference_number", `${ELEC}.prepay_customer_reference_number`],
    ]);
    const noRegisters = (m: any) => {
      for (const k of ["registers", "transfer_readings", "reading_history"]) delete m[k];
      m.is_prepay = true;
    };
    expect(electricity(noRegisters)).toEqual([
      ["electricity_prepay_meter_without_customer_reference_number", `${ELEC}.prepay_customer_reference_number`],
    ]);
    expect(
      electricity((m) =>
        Object.assign(m, { is_prepay: true, prepay_customer_reference_number: "98260012345678901234" }),
      ),
    ).toEqual([]);
  });

  it("meter_with_duplicate_register_ids and registers_have_duplicate_tprs", () => {
    expect(electricity((m) => m.registers.push({ register_id: "1", tpr: "00002", number_of_digits: 5 }))).toEqual([
      ["meter_with_duplicate_register_ids", `${ELEC}.registers.1.register_id`],
    ]);
    expect(electricity((m) => m.registers.push({ register_id: "2", tpr: "00001", number_of_digits: 5 }))).toEqual([
      ["registers_have_duplicate_tprs", `${ELEC}.registers.1.tpr`],
    ]);
  });

  it("reading_without_register_id: only when the meter has several registers", () => {
    expect(electricity((m) => delete m.transfer_readings[0].register_id)).toEqual([]);
    const twoRegisters = (m: any) => {
      m.registers.push({ register_id: "2", tpr: "00002", number_of_digits: 5 });
      delete m.transfer_readings[0].register_id;
    };
    expect(electricity(twoRegisters)).toEqual([
      ["reading_without_register_id", `${ELEC}.transfer_readings.0.register_id`],
    ]);
  });

  it("reading_register_id_not_recognised, also on a meter that lists no registers", () => {
    expect(electricity((m) => (m.transfer_readings[0].register_id = "9"))).toEqual([
      ["reading_register_id_not_recognised", `${ELEC}.transfer_readings.0.register_id`],
    ]);
    expect(electricity((m) => delete m.registers && delete m.reading_history)).toEqual([
      ["reading_register_id_not_recognised", `${ELEC}.transfer_readings.0.register_id`],
    ]);
  });

  it("historical_reading_register_id_not_recognised", () => {
    expect(electricity((m) => (m.reading_history[1].register_id = "NIGHT"))).toEqual([
      ["historical_reading_register_id_not_recognised", `${ELEC}.reading_history.1.register_id`],
    ]);
  });

  it("is applied to every meter of every meter point by payloadRuleErrors", () => {
    const a = parsed("domestic", (x) => {
      x.supply_addresses[0].meter_points[0].meters[0].transfer_readings[0].register_id = "9";
      x.supply_addresses[0].meter_points[1].meters[0].removed_on = "2018-01-01";
    });
    expect(found(payloadRuleErrors(a, TODAY))).toEqual([
      ["reading_register_id_not_recognised", `${ELEC}.transfer_readings.0.register_id`],
      ["start_date_later_than_end_date", "supply_addresses.0.meter_points.1.meters.0.removed_on"],
    ]);
  });
});
