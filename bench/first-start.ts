// A newcomer's first start (issue 42 item 1): clone, `npm install`, `npm start`, and the
// seconds until the API answers (GET /v1/products/ 200) and the console's sign-in page
// is served (GET /signin 200, HTML), each phase printed as it ends. Then a second
// `npm start` in the same clone, which must not rebuild.
// Usage: npm run bench:first-start [-- --source <repo> --ref <commit> --dir <path> --port <n> --keep]
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLine } from "./lib/machine";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const source = path.resolve(arg("source", path.resolve(path.dirname(new URL(import.meta.url).pathname), "..")));
const ref = arg("ref", "HEAD");
const dir = path.resolve(arg("dir", path.join(os.tmpdir(), `first-start-${Date.now()}`)));
const port = Number(arg("port", String(3900 + Math.floor(Math.random() * 90))));
const keep = args.includes("--keep");
const API_LIMIT_S = 20;
const CONSOLE_LIMIT_S = 60;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const since = (t0: number) => (performance.now() - t0) / 1000;
const phase = (name: string, seconds: number, extra = "") =>
  console.log(`${name.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  (load ${load()})${extra ? `  ${extra}` : ""}`);

function run(cmd: string, argv: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(" ")} exited with ${code}`)),
    );
  });
}

async function answers(url: string, wantHtml: boolean): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
    const body = await res.text();
    return res.status === 200 && (!wantHtml || /<form/i.test(body));
  } catch {
    return false;
  }
}

interface StartRun {
  api: number;
  console: number;
  built: boolean;
  warnings: string[];
}

/** `npm start` in the clone until both answer (or the time limit), then stopped. */
async function start(label: string, limitS = 600): Promise<StartRun> {
  const t0 = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: dir,
    detached: true,
    env: { ...process.env, PORT: String(port), DATABASE_URL: "", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let exited = false;
  child.on("exit", () => (exited = true));
  const result: StartRun = { api: Number.NaN, console: Number.NaN, built: false, warnings: [] };
  try {
    while (!exited && since(t0) < limitS && (Number.isNaN(result.api) || Number.isNaN(result.console))) {
      if (Number.isNaN(result.api) && (await answers(`http://127.0.0.1:${port}/v1/products/`, false))) {
        result.api = since(t0);
        phase(`${label}: API answers`, result.api, `(target ${API_LIMIT_S} s)`);
      }
      if (Number.isNaN(result.console) && (await answers(`http://127.0.0.1:${port}/signin`, true))) {
        result.console = since(t0);
        phase(`${label}: sign-in page served`, result.console, `(target ${CONSOLE_LIMIT_S} s)`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    if (!exited && child.pid) process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }
  }
  result.built = /Building the app|next build|Creating an optimized production build/.test(output);
  result.warnings = output.split("\n").filter((l) => /⚠|\bwarn(ing)?\b/i.test(l));
  fs.writeFileSync(`${dir}.${label.replace(/\W+/g, "-")}.log`, output);
  if (exited && (Number.isNaN(result.api) || Number.isNaN(result.console))) console.log(output.slice(-4000));
  return result;
}

console.log(`first start: ${source} @ ${ref} -> ${dir}, port ${port}`);
console.log(`machine: ${machineLine()}; ${new Date().toISOString()}`);
const t0 = performance.now();
await run("git", ["clone", "--quiet", "--no-hardlinks", source, dir], os.tmpdir());
if (ref !== "HEAD") await run("git", ["checkout", "--quiet", ref], dir);
phase("git clone", since(t0));
const t1 = performance.now();
await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], dir);
phase("npm install", since(t1));
fs.mkdirSync(path.join(dir, ".data"), { recursive: true });
const first = await start("first npm start");
phase("clone to sign-in page", since(t0));
const second = await start("second npm start (no change)");
console.log(`first start built: ${first.built}; second start built: ${second.built} (must be false)`);
console.log(
  first.warnings.length
    ? `warnings on the first start:\n  ${first.warnings.join("\n  ")}`
    : "warnings on the first start: none",
);
const ok = first.api <= API_LIMIT_S && first.console <= CONSOLE_LIMIT_S && !second.built && first.warnings.length === 0;
console.log(ok ? "PASS" : "FAIL");
if (!keep) fs.rmSync(dir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
