import { it } from "vitest";
import { GET as productDetail } from "@/app/v1/products/[product]/route";
import { GET as productList } from "@/app/v1/products/route";
import { GET as rates } from "@/app/v1/products/[product]/electricity-tariffs/[tariff]/standard-unit-rates/route";
import { systemCtx } from "@/server/context";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { loadDemoProducts } from "./demo-products";
const t = useTestDb();
it("peek", async () => {
  await loadDemoProducts(systemCtx(t.db));
  const l = await call(productList, "/v1/products/?page_size=2");
  console.log(JSON.stringify(l.json, null, 1).slice(0, 1500));
  const d = await call(productDetail, "/v1/products/VAR-22-11-01/", { params: { product: "VAR-22-11-01" } });
  console.log(JSON.stringify(d.json, null, 1).slice(0, 2500));
  const r = await call(rates, "/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-C/standard-unit-rates/?period_from=2026-10-25T00:00:00&period_to=2026-10-25T03:00:00", { params: { product: "AGILE-24-10-01", tariff: "E-1R-AGILE-24-10-01-C" } });
  console.log(r.status, JSON.stringify(r.json, null, 1));
}, 60000);
