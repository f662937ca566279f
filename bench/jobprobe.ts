import { openDatabase, setDbHandle } from "@/db/client";
import { systemCtx } from "@/server/context";
import { createOrganisation } from "@/server/services/organisations/create-organisation";
import { createSupplier } from "@/server/services/suppliers/create-supplier";
import { uploadImportJob } from "@/server/services/import-jobs/upload-import-job";
import { getImportJob } from "@/server/services/import-jobs/get-import-job";
import { bodyOf } from "@/server/services/import-jobs/test-helpers";
import { startImportJobWorker } from "@/server/jobs/import-job-worker";

const N = Number(process.env.N ?? 1000);
const handle = await openDatabase({ url: process.env.DATABASE_URL });
setDbHandle(handle);
const db = handle.db;
const { organisation } = await createOrganisation(systemCtx(db), { name: "Probe" });
const ctx = systemCtx(db, "probe", organisation.id);
const code = `PROBE${Date.now().toString(36)}`.toUpperCase();
await createSupplier(ctx, { code, status: "Ongoing", documentRoot: "s3://probe/docs" });
const lines = Array.from({ length: N }, (_, i) => JSON.stringify({ external_account_number: `${code}-${i}`, account_type: "DOMESTIC", billing_address1: "1 Road", billing_postcode: "YO1 7HH", customers: [{ given_name: "A", family_name: "B" }] })).join("\n");
let t = performance.now();
const job = await uploadImportJob(ctx, { importSupplier: code, format: "jsonl", fileName: "p.jsonl" }, bodyOf(lines, 65536));
console.log("upload s", ((performance.now() - t) / 1000).toFixed(2));
t = performance.now();
const stop = startImportJobWorker();
for (;;) {
  const v = await getImportJob(ctx, { id: job.id });
  if (v.status === "completed") { console.log(v.counts); break; }
  await new Promise((r) => setTimeout(r, 250));
}
const s = (performance.now() - t) / 1000;
console.log("run s", s.toFixed(2), "rate", (N / s).toFixed(1));
await stop();
await handle.close();
