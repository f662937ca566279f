import { openDatabase } from "@/db/client";
import { systemCtx } from "@/server/context";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { setUpConsumptionBench } from "./bench/lib/consumption-fixtures";
import { GET } from "@/app/v1/electricity-meter-points/[mpan]/meters/[serial]/consumption/route";
import { setDbHandle } from "@/db/client";
const h = await openDatabase({ url: process.env.DATABASE_URL });
setDbHandle(h);
await loadDemoProducts(systemCtx(h.db, "bench"), { only: ["VAR-22-11-01"] });
let t0 = Date.now();
const m = await setUpConsumptionBench(h.db);
console.log("setup", Date.now() - t0, "ms", m.intervals);
const base = `/v1/electricity-meter-points/${m.mpan}/meters/${m.serial}/consumption/`;
for (const q of ["?group_by=day&period_from=2025-11-01T00:00:00Z&period_to=2026-11-01T00:00:00Z&page_size=25000", "?group_by=day&period_from=2025-11-01T12:00:00Z&period_to=2026-11-01T12:00:00Z&page_size=25000", "?page_size=25000", "?page_size=25000&page=7", "?group_by=month&page_size=25000", "?group_by=hour&period_from=2025-11-01T00:00:00Z&period_to=2026-11-01T00:00:00Z&page_size=25000", "?page_size=100"]) {
  const times: number[] = [];
  let len = 0;
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const res = await GET(new Request("http://localhost" + base + q, { headers: { authorization: m.authorization } }), { params: Promise.resolve({ mpan: m.mpan, serial: m.serial }) });
    const body = await res.text();
    times.push(performance.now() - t);
    len = body.length;
  }
  times.sort((a, b) => a - b);
  console.log(q, "median", times[10].toFixed(1), "max", times[19].toFixed(1), "bytes", len);
}
await h.close();
