import { cpuBetween, cpuSnapshot } from "./cpu";
import { keepAliveClient } from "./http-client";
import type { Acc } from "./import-fixtures";
import { benchEnv } from "@/bench/env.mjs";

// bench:import's REST transaction phase, shared with bench:scale: batches of transactions
// through POST /v1/data-import/transactions/create/ from one client per account, timed.

const BATCH = benchEnv.BENCH_BATCH;
// The HTTP client: Node's http module with keep-alive (bench/lib/http-client.ts), or `fetch`.
const CLIENT = benchEnv.BENCH_CLIENT === "fetch" ? "fetch" : "http";

export type Measured = { seconds: number; cpu: Map<string, number> };

/** Times `run` and the CPU every process used meanwhile. */
export async function clock(run: () => Promise<unknown>): Promise<Measured> {
  const before = cpuSnapshot();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, cpu: cpuBetween(before, cpuSnapshot()) };
}

export const chunks = <T>(xs: T[], size: number) =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));

export async function obtainToken(base: string, apiKey: string): Promise<string> {
  const res = await fetch(`${base}/v1/graphql/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `mutation { obtainKrakenToken(input: {APIKey: "${apiKey}"}) { token } }` }),
  });
  const body = (await res.json()) as { data?: { obtainKrakenToken?: { token: string } }; errors?: unknown };
  if (!body.data?.obtainKrakenToken) throw new Error(`token mutation failed: ${JSON.stringify(body.errors)}`);
  return body.data.obtainKrakenToken.token;
}

export async function viaRest(
  base: string,
  token: string,
  supplierCode: string,
  accounts: Acc[],
  perClient: Record<string, unknown>[][],
  batchSize = BATCH,
) {
  // Bodies are serialised before the clock starts, as the raw path's rows are built before
  // its clock; responses are checked after it stops. The clock covers the HTTP round trips.
  const bodies = accounts.map((acc, c) =>
    chunks(perClient[c], batchSize).map((batch) => ({
      size: batch.length,
      body: JSON.stringify({
        import_supplier: supplierCode,
        external_account_number: acc.external,
        transactions: batch,
      }),
    })),
  );
  const replies: { size: number; status: number; text: string }[] = [];
  const path = "/v1/data-import/transactions/create/";
  const headers = { authorization: `Token ${token}` };
  const client = CLIENT === "fetch" ? null : keepAliveClient(base, accounts.length);
  const post = client
    ? (body: string) => client.post(path, body, headers)
    : async (body: string) => {
        const res = await fetch(base + path, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body,
        });
        return { status: res.status, text: await res.text() };
      };
  try {
    const measured = await clock(() =>
      Promise.all(
        bodies.map(async (batches) => {
          for (const { size, body } of batches) replies.push({ size, ...(await post(body)) });
        }),
      ),
    );
    checkReplies(replies);
    return measured;
  } finally {
    client?.close();
  }
}

function checkReplies(replies: { size: number; status: number; text: string }[]) {
  for (const { size, status, text } of replies) {
    const body = JSON.parse(text) as { results?: { status: string }[] };
    if (status !== 201 || body.results?.filter((r) => r.status === "TRANSACTION_ADDED_TO_ACCOUNT").length !== size) {
      throw new Error(`REST batch failed: ${status} ${text.slice(0, 500)}`);
    }
  }
}
