// Profiling harness, not a benchmark: the server's CPU per request for requests that stop at
// successive stages of the account-import route (Next alone, auth refused, auth alone with a
// body that is not JSON, auth then one query, the whole stage, the whole process), 8 keep-alive
// clients, against a running server:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch PORT=3401 node scripts/server.mjs &
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch BENCH_URL=http://127.0.0.1:3401 npx tsx bench/profile-request-costs.ts
import { cpuBetween, cpuSnapshot } from "./lib/cpu";
import { accountMaker, restProfileSetup } from "./lib/profile-setup";
import { ROOT } from "./lib/server";
import { benchEnv } from "@/bench/env.mjs";

const CLIENTS = 8;
const N = benchEnv.PROFILE_ACCOUNTS;
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const PROCESS = "/v1/data-import/account-import-process/process/";

async function main() {
  const { setup, client, auth } = await restProfileSetup(CLIENTS);
  const account = accountMaker(setup.supplierCode, "PRC", { mpan: "15", mprn: "6" });
  const staged: string[] = [];
  const measure = async (
    label: string,
    send: (i: number) => Promise<{ status: number; text: string }>,
    expect: number,
  ) => {
    const before = cpuSnapshot({ serverCwd: ROOT });
    const started = performance.now();
    let i = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (i < N) {
          const r = await send(i++);
          if (r.status !== expect) throw new Error(`${label}: ${r.status} ${r.text.slice(0, 200)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuBetween(before, cpuSnapshot({ serverCwd: ROOT }));
    const per = (k: string) => (((cpu.get(k) ?? 0) * 1e6) / N).toFixed(0).padStart(6);
    console.log(
      `${label.padEnd(44)} ${(N / seconds).toFixed(0).padStart(5)}/s  server ${per("server")} · postgres ${per("postgres")} core-µs per request`,
    );
  };
  const bodies = Array.from({ length: 2 * N }, () => account());
  for (let round = 0; round < 2; round++) {
    console.log(`round ${round + 1}`);
    await measure("GET /healthz (Next alone)", () => client.get("/healthz"), 200);
    await measure(
      "POST stage, bad token (401)",
      () => client.post(STAGE, JSON.stringify(bodies[0]), { authorization: "Token nope" }),
      401,
    );
    await measure("POST stage, token, not JSON (400)", () => client.post(STAGE, "{", auth), 400);
    await measure(
      "POST process, unknown supplier (404/400)",
      () => client.post(PROCESS, JSON.stringify({ import_supplier_code: "NOPE", external_account_number: "X" }), auth),
      404,
    );
    await measure(
      "POST stage (201)",
      (i) => {
        const b = bodies[round * N + i];
        staged.push(b.external_account_number!);
        return client.post(STAGE, JSON.stringify(b), auth);
      },
      201,
    );
    await measure(
      "POST process (201)",
      (i) =>
        client.post(
          PROCESS,
          JSON.stringify({ import_supplier_code: setup.supplierCode, external_account_number: staged[round * N + i] }),
          auth,
        ),
      201,
    );
  }
  client.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
