import { getDb } from "@/db/client";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { fullDomesticAccount } from "@/test/factories/energy-account";
import { env } from "@/server/env.mjs";
import { benchEnv } from "@/bench/env.mjs";
import { setUpAccountBench } from "./account-bench";
import { keepAliveClient } from "./http-client";
import { obtainToken } from "./rest-transactions";

// Shared by the profiling harnesses (bench/profile-*.ts): fresh production-shaped accounts, and
// the organisation, token and keep-alive client of a REST run against a running server.

const RUN = String(Date.now() % 10_000).padStart(4, "0");

/** Production-shaped account bodies with meter points of their own: `tag` and the MPAN / MPRN leads keep harnesses apart. */
export function accountMaker(supplierCode: string, tag: string, leads: { mpan: string; mprn: string }) {
  let serial = 0;
  return () => {
    serial += 1;
    const idx = String(serial).padStart(6, "0");
    return fullDomesticAccount({
      supplier: supplierCode,
      external: `${tag}-${RUN}-${idx}`,
      mpan: withMpanCheckDigit(`${leads.mpan}${RUN}${idx}`),
      mprn: `${leads.mprn}${RUN.slice(1)}${idx}`,
    });
  };
}

/** create-or-update/'s and process/'s bodies for one account, serialised before any clock starts. */
export const stageAndProcess = (supplierCode: string, b: ReturnType<typeof fullDomesticAccount>) => ({
  stage: JSON.stringify(b),
  process: JSON.stringify({ import_supplier_code: supplierCode, external_account_number: b.external_account_number }),
});

/** An organisation and supplier on DATABASE_URL, a token for it from BENCH_URL's server, and a keep-alive client to that server. */
export async function restProfileSetup(clients: number) {
  if (!env.DATABASE_URL || !benchEnv.BENCH_URL)
    throw new Error("Set DATABASE_URL and BENCH_URL (a running server on that database).");
  const base = benchEnv.BENCH_URL.replace(/\/+$/, "");
  const setup = await setUpAccountBench(await getDb());
  const token = await obtainToken(base, setup.apiKey);
  return { setup, client: keepAliveClient(base, clients), auth: { authorization: `Token ${token}` } };
}
