import type { ElectricityMeter, GasMeter } from "../payload/meter";
import { type Findings, type Path, repeatIndexes } from "./paths";

/** One meter: its dates, smart and prepay details, registers and the registers its readings name. */
export function meterRules(
  fuel: "ELECTRICITY" | "GAS",
  m: ElectricityMeter | GasMeter,
  at: Path,
  today: string,
  f: Findings,
) {
  if (m.installed_on != null && m.removed_on != null && m.removed_on < m.installed_on) {
    f.add([...at, "removed_on"], "start_date_later_than_end_date", "removed_on is before installed_on.");
  }
  const smart = m.smart_type !== undefined && m.smart_type !== "NONE";
  if (!smart && (m.smart_device_id != null || m.smart_commissioned_on != null)) {
    f.add(
      [...at, "smart_type"],
      "smart_details_provided_for_non_smart_meter",
      "smart_device_id and smart_commissioned_on are for smart meters (smart_type other than NONE).",
    );
  }
  if (m.smart_commissioned_on != null && m.smart_commissioned_on > today) {
    f.add(
      [...at, "smart_commissioned_on"],
      "future_smart_meter_commission_date",
      "smart_commissioned_on is after today.",
    );
  }
  if (m.prepay_details !== undefined && m.is_prepay !== true) {
    f.add(
      [...at, "prepay_details"],
      "prepay_details_on_non_prepay_meter",
      "prepay_details are for prepay meters (is_prepay: true).",
    );
  }
  // By fuel, not by `"registers" in m`: registers is optional, and a meter that lists none still has its readings and prepay checked.
  if (fuel !== "ELECTRICITY") return;
  const em = m as ElectricityMeter;
  if (em.is_prepay === true && !em.prepay_customer_reference_number) {
    f.add(
      [...at, "prepay_customer_reference_number"],
      "electricity_prepay_meter_without_customer_reference_number",
      "A prepay electricity meter needs its customer reference number.",
    );
  }
  const registers = em.registers ?? [];
  for (const r of repeatIndexes(registers, (g) => g.register_id)) {
    f.add(
      [...at, "registers", r.index, "register_id"],
      "meter_with_duplicate_register_ids",
      `Register ${registers[r.index].register_id} is given twice.`,
    );
  }
  for (const r of repeatIndexes(registers, (g) => g.tpr ?? undefined)) {
    f.add(
      [...at, "registers", r.index, "tpr"],
      "registers_have_duplicate_tprs",
      `TPR ${registers[r.index].tpr} is on two registers.`,
    );
  }
  const ids = new Set(registers.map((g) => g.register_id));
  em.transfer_readings?.forEach((rd, k) => {
    if (rd.register_id == null) {
      if (registers.length > 1)
        f.add(
          [...at, "transfer_readings", k, "register_id"],
          "reading_without_register_id",
          "Name the register: the meter has several.",
        );
    } else if (!ids.has(rd.register_id)) {
      f.add(
        [...at, "transfer_readings", k, "register_id"],
        "reading_register_id_not_recognised",
        `The meter has no register ${rd.register_id}.`,
      );
    }
  });
  em.reading_history?.forEach((rd, k) => {
    if (rd.register_id != null && !ids.has(rd.register_id)) {
      f.add(
        [...at, "reading_history", k, "register_id"],
        "historical_reading_register_id_not_recognised",
        `The meter has no register ${rd.register_id}.`,
      );
    }
  });
}
