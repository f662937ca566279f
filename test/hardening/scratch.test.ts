import { describe, expect, it } from "vitest";
import { POST as stage } from "@/app/v1/data-import/account-import-process/create-or-update/route";
import { POST as validate } from "@/app/v1/data-import/validate-account/route";
import { POST as processRoute } from "@/app/v1/data-import/account-import-process/process/route";
import { useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/fixtures";
import { call } from "@/test/http";

const t = useTestDb();
describe("scratch", () => {
  it("dates", async () => {
    const org = await makeOrg(t.db);
    const supplier = await makeSupplier(org);
    const auth = `Token ${org.apiKey}`;
    for (const d of ["not-a-date", "2024-02-30T00:00:00Z", "2024-13-01T00:00:00Z", "0000-01-01T00:00:00Z", "0001-01-01T10:00:00+14:00", "0001-01-01", "0000-01-01"]) {
      const body: any = accountPayload(supplier.code);
      body.supply_addresses[0].meter_points[0].agreements[0].effective_from = d;
      const r = await call(stage, "/x", { body, auth });
      console.log(d, r.status, JSON.stringify(r.json).slice(0, 300));
      const v = await call(validate, "/x", { body, auth });
      console.log(d, v.status, JSON.stringify(v.json).slice(0, 300));
    }
    const body: any = accountPayload(supplier.code);
    body.supply_addresses[0].meter_points[0].consumption_standard = 3000000000;
    console.log(JSON.stringify(body.supply_addresses[0].meter_points[0]).slice(0,2000));
    const r = await call(stage, "/x", { body, auth });
    console.log(r.status, JSON.stringify(r.json).slice(0, 300));
    const p = await call(processRoute, "/x", { body: { import_supplier_code: supplier.code, external_account_number: body.external_account_number }, auth });
    console.log(p.status, JSON.stringify(p.json).slice(0, 300));
  });
});
