import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { recordAudit } from "../audit/record-audit";
import { parseInventory } from "./parse-inventory";
import { LoadSmartDeviceInventoryInput, type LoadSmartDeviceInventoryResult } from "./smart-device-schemas";

/**
 * Loads the organisation's smart-meter inventory (CLI `smart-devices load`, console upload):
 * each device's type, manufacturer, model and firmware, keyed by the device id its meters are
 * imported with (smart_device_id). One transaction: every line is valid or nothing is kept.
 * Upserts, so loading the same file again changes nothing; a newer file updates firmware.
 * Devices need not be on a meter yet (inventories often arrive before the accounts). Audited as
 * `smart_devices.loaded`; the event catalogue has no smart-device event, so none is emitted.
 */
export async function loadSmartDeviceInventory(
  ctx: Ctx,
  raw: LoadSmartDeviceInventoryInput,
): Promise<LoadSmartDeviceInventoryResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = LoadSmartDeviceInventoryInput.parse(raw);
  const rows = parseInventory(input.format, input.content);
  return withTransaction(ctx, async (tx, txCtx) => {
    let added = 0;
    let changed = 0;
    for (let i = 0; i < rows.length; i += 5000) {
      const batch = rows.slice(i, i + 5000);
      const [counts] = await execRows<{ added: number; changed: number }>(
        tx,
        sql`with input as (
              select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                as r(device_id text, device_type text, manufacturer text, model text, firmware_version text)
            ), upserted as (
              insert into smart_meter_devices (organisation_id, device_id, device_type, manufacturer, model, firmware_version)
              select ${organisationId}::int, device_id, device_type, manufacturer, model, firmware_version from input
              on conflict (organisation_id, device_id) do update
                set device_type = excluded.device_type, manufacturer = excluded.manufacturer, model = excluded.model,
                    firmware_version = excluded.firmware_version, updated_at = now()
                where (smart_meter_devices.device_type, smart_meter_devices.manufacturer, smart_meter_devices.model, smart_meter_devices.firmware_version)
                  is distinct from (excluded.device_type, excluded.manufacturer, excluded.model, excluded.firmware_version)
              returning (xmax = 0) as inserted
            )
            select count(*) filter (where inserted)::int as added, count(*) filter (where not inserted)::int as changed from upserted`,
      );
      added += Number(counts.added);
      changed += Number(counts.changed);
    }
    const [{ n }] = await execRows<{ n: number }>(
      tx,
      sql`select count(distinct m->>'smart_device_id')::int as n
          from meter_points mp join accounts a on a.id = mp.account_id join import_suppliers s on s.id = a.supplier_id
          cross join jsonb_array_elements(mp.meters) m
          where s.organisation_id = ${organisationId} and m->>'smart_device_id' in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.device_id))}::jsonb))`,
    );
    const result = { devices: rows.length, added, changed, onMeters: Number(n) };
    await recordAudit(tx, txCtx, {
      action: "smart_devices.loaded",
      entityType: "organisation",
      entityId: String(organisationId),
      details: { fileName: input.fileName ?? null, format: input.format, ...result },
    });
    return result;
  });
}
