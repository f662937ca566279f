// @ts-check
// The benchmarks' settings (bench/, BENCHMARKS.md): declared once, with a rule each, built from the kit the app's
// configuration uses (server/env-kit.mjs, ADR 0508). The deployment's variables are server/env.mjs's.
// `npm run docs:config` lists these in the README too.

import { wholeNumber, num, optNum, text, optText, onIfOne, v, defineConfig } from "../server/env-kit.mjs";

export const VARIABLES = {
  // Benchmarks (bench/, BENCHMARKS.md)
  BENCH_WRITE: v(
    "benches",
    optText(),
    "`0`: do not write figures to BENCHMARKS.md (`bench:support` writes only with `1`)",
  ),
  BENCH_SKIP_BUILD: v("benches", onIfOne(), "`1` reuses `.next` instead of running `next build`"),
  BENCH_URL: v("benches", optText(), "benchmark a running server at this URL instead of starting one"),
  BENCH_ONLY: v(
    "benches",
    optText(),
    "run one part only (`bench:scale`: a part name; `bench:import`: `accounts` or `transactions`)",
  ),
  BENCH_JSON: v("benches", onIfOne(), "`1`: `bench:public` also prints its figures as JSON"),
  BENCH_KEEP: v("benches", onIfOne(), "`1`: `bench:support` keeps its databases"),
  BENCH_DEBUG: v("benches", optText(), "`bench:events`: print the relay's progress"),
  BENCH_PORT: v("benches", optNum(), "port of the server a bench starts", { show: "public 3200, import 3300" }),
  BENCH_ROUNDS: v("benches", optNum(), "measured rounds", { show: "scale 5, public 3, import 5, events 3" }),
  BENCH_ACCOUNTS: v("benches", optNum(), "accounts per run", {
    show: "support 100000, events and profile-relay 5000, account rounds 400",
  }),
  BENCH_TOTAL: v("benches", num(20_000), "transactions posted per round (`bench:import`, `bench:scale`)"),
  BENCH_BATCH: v("benches", num(500), "transactions per request"),
  BENCH_CLIENTS: v("benches", num(4), "`bench:import`: concurrent clients"),
  BENCH_CLIENT: v("benches", text("http"), "`fetch` or `http`: the client the import bench posts with"),
  BENCH_WARM: v("benches", num(20_000), "`bench:import`: transactions posted to warm up"),
  BENCH_WARM_BATCH: v("benches", num(10), "`bench:import`: transactions per warm-up request"),
  BENCH_ACCOUNT_CLIENTS: v("benches", num(8), "account-import rounds: concurrent clients"),
  BENCH_ACCOUNT_WARM: v(
    "benches",
    num(800),
    "account-import rounds: accounts sent through each path before the clock starts (the server's CPU per account falls for its first ~800)",
  ),
  BENCH_ACCOUNT_ROUNDS: v("benches", num(3), "account-import rounds"),
  BENCH_ACCOUNT_RAW_BATCH: v("benches", num(25), "account-import rounds: accounts per raw insert"),
  BENCH_DURATION: v("benches", num(15), "`bench:public`: seconds per load round"),
  BENCH_CONNECTIONS: v("benches", num(50), "`bench:public`: connections"),
  BENCH_LATENCY_SECONDS: v("benches", num(10), "`bench:public`: seconds of single-connection latency"),
  BENCH_RATE: v("benches", num(1000), "`bench:events`: events per second offered"),
  BENCH_SECONDS: v("benches", num(10), "`bench:events`: seconds at that rate"),
  BENCH_BULK: v("benches", num(30_000), "`bench:events`: events in the bulk round"),
  BENCH_HOT: v("benches", num(5000), "`bench:events`: events for one hot account"),
  BENCH_EVENTS_PER_TX: v("benches", num(1), "`bench:events`: events per transaction"),
  BENCH_PRODUCER_POOL: v("benches", num(32), "`bench:events`: the producer's `DATABASE_POOL_SIZE`"),
  BENCH_SMALL: v("benches", num(1000), "`bench:support`: accounts in the small database"),
  BENCH_QUERIES: v("benches", num(300), "`bench:support`: queries per kind"),
  BENCH_TRANSACTIONS: v("benches", num(10_000), "`bench:support`: ledger transactions of the large account"),
  BENCH_READS: v("benches", num(100), "`bench:scale`: reads per kind"),
  BENCH_RELAY: v("benches", num(20_000), "`bench:scale`: events relayed per round"),
  BENCH_RELAY_ROUNDS: v("benches", num(5), "`bench:scale`: relay rounds"),
  BENCH_PUBLIC_SECONDS: v("benches", num(5), "`bench:scale`: seconds per public-route round"),
  SCALE: v("benches", num(1), "`bench:scale`: multiple of the production-scale data set"),
  SCALE_DATABASE_URL: v("benches", optText(), "`bench:scale`: the scale database", { show: "`…/km_scale`" }),
  FRESH_DATABASE_URL: v("benches", optText(), "`bench:scale`: the empty comparison database", {
    show: "`…/km_scale_fresh`",
  }),
  FAULTS_CLIENTS: v("benches", num(8), "`bench:faults`, `bench/profile-connection-loss.ts`: clients"),
  FAULTS_CLIENT_RATE: v(
    "benches",
    num(8),
    "`bench:faults`, `bench/profile-connection-loss.ts`: requests per second each client sends (a paced script; a late one catches up at most 1 s); 0: closed loop, each client as fast as answers come ([ADR 0033](docs/adr/0033-fault-harness-paced-load.md))",
    { rule: wholeNumber(0) },
  ),
  FAULTS_ACCOUNTS: v("benches", num(16), "`bench:faults`: accounts"),
  FAULTS_WARM_S: v(
    "benches",
    num(15),
    "`bench:faults`: seconds of load before the measured run (the servers' code warms up; its requests are checked like the rest)",
    { rule: wholeNumber(0) },
  ),
  FAULTS_PRE_S: v("benches", num(15), "`bench:faults`: seconds before the first fault"),
  FAULTS_GAP_S: v("benches", num(20), "`bench:faults`: seconds between faults"),
  FAULTS_PG_DOWN_S: v("benches", num(4), "`bench:faults`: seconds PostgreSQL stays down"),
  FAULTS_NATS_DOWN_S: v("benches", num(30), "`bench:faults`: seconds NATS stays down"),
  FAULTS_KILL_DOWN_S: v("benches", num(10), "`bench:faults`: seconds a killed server stays down"),
  HA_SCENARIOS: v(
    "benches",
    text("postgres,nats"),
    "`bench:ha`: which scenarios run, comma-separated: `postgres` (primary lost, standby promoted), `nats` (a node of a 3-node JetStream cluster killed and restarted)",
  ),
  HA_WARM_S: v("benches", num(10), "`bench:ha`: seconds of load before each scenario's clock starts", {
    rule: wholeNumber(0),
  }),
  HA_PRE_S: v("benches", num(10), "`bench:ha`: seconds of load before the fault", { rule: wholeNumber(1) }),
  HA_PROMOTE_AFTER_S: v(
    "benches",
    num(3),
    "`bench:ha` postgres: seconds from the primary's stop to the standby's promotion (no primary meanwhile)",
    { rule: wholeNumber(0) },
  ),
  HA_NATS_DOWN_S: v("benches", num(10), "`bench:ha` nats: seconds the killed node (the stream's leader) stays down", {
    rule: wholeNumber(1),
  }),
  HA_AFTER_S: v("benches", num(20), "`bench:ha`: seconds of load after the fault is over", { rule: wholeNumber(5) }),
  FAULTS_DUMP: v("benches", optText(), "`bench:faults`: write the raw timeline to this file"),
  FAULTS_PG_BIN: v("benches", text("/usr/lib/postgresql/15/bin"), "`bench:faults`: PostgreSQL's binaries"),
  FAULTS_NATS_BIN: v("benches", text("/usr/sbin/nats-server"), "`bench:faults`: the nats-server binary"),
  CHAOS_SEED: v("benches", num(1), "resend-chaos: random seed"),
  CHAOS_PORT: v("benches", num(3581), "resend-chaos: server port"),
  CHAOS_ACCOUNTS: v("benches", num(300), "resend-chaos: accounts"),
  CHAOS_WORKERS: v("benches", num(8), "resend-chaos: concurrent senders"),
  CHAOS_KILLS: v("benches", num(2), "resend-chaos: server kills"),
  CHAOS_ABORT: v("benches", num(0.2), "resend-chaos: share of requests aborted"),
  CHAOS_ABORT_MS: v("benches", num(250), "resend-chaos: abort after this many ms"),
  CHAOS_DUP: v("benches", num(0.25), "resend-chaos: share of requests sent twice"),
  CHAOS_TX_BATCHES: v("benches", num(3), "resend-chaos: transaction batches per account"),
  CHAOS_VENDOR_DELAY_MS: v("benches", num(150), "resend-chaos: fake vendor's delay"),
  CHAOS_REGISTRATION_WAIT_S: v("benches", num(90), "resend-chaos: seconds to wait for registrations"),
  CHAOS_REQUEST_TIMEOUT_MS: v("benches", num(30_000), "resend-chaos: request timeout"),
  CHAOS_REBATCH: v("benches", num(0.5), "resend-chaos: share of resends split differently"),
  STAGES_ITERATIONS: v("benches", num(400), "cpu-stages: iterations"),
  STAGES_PASSES: v("benches", num(5), "cpu-stages: passes"),
  PROFILE_CLIENTS: v("benches", num(8), "profile-accounts, profile-rest-accounts: clients"),
  PROFILE_ACCOUNTS: v(
    "benches",
    num(200),
    "profile-accounts, profile-rest-accounts: accounts per round; profile-request-costs: requests per kind; profile-statements: accounts per path",
  ),
  PROFILE_STATEMENTS: v("benches", num(14), "profile-statements: statements shown per path"),
  PROFILE_ROUNDS: v("benches", num(4), "profile-accounts, profile-rest-accounts, profile-import: rounds"),
  PROFILE_COUNT: v("benches", onIfOne(), "profile-accounts: `1` counts statements"),
  PROFILE_PER_CLIENT: v("benches", num(10_000), "profile-import: transactions per client"),
  PROFILE_OUT: v("benches", optText(), "profile-relay: write the CPU profile here"),
  PROFILE_TOP: v("benches", num(40), "profile-relay: functions listed"),
};

const config = defineConfig(VARIABLES);
/** The benches' configuration: a typed, frozen view of process.env. */
export const benchEnv = config.env;
export const { configErrors, assertConfig } = config;

// Checked when the module loads: a bad value stops a bench at once, naming the variable.
assertConfig();
