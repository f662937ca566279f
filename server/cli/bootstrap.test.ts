import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { uniq } from "@/test/db";
import { env } from "@/server/env.mjs";

const run = promisify(execFile);
const serverUrl = env.DATABASE_URL;

async function bootstrap(url: string) {
  try {
    const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["server/cli/main.ts", "bootstrap", "--json"], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
      timeout: 180_000,
    });
    return { code: 0, out: JSON.parse(stdout) as { demo?: boolean; organisation?: { number: string } }, stderr: "" };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, out: undefined, stderr: e.stderr };
  }
}

// Two instances started at once on an empty PostgreSQL database (`npm start` runs bootstrap).
describe.skipIf(!serverUrl)("bootstrap on a shared PostgreSQL database", () => {
  it("migrates once and loads the demo set once when two instances start together", async () => {
    const name = `km_boot_${uniq("").toLowerCase()}`;
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([bootstrap(url.toString()), bootstrap(url.toString())]);
      expect([a.code, b.code, a.stderr, b.stderr]).toEqual([0, 0, "", ""]);
      const loaded = [a.out, b.out].filter((o) => o?.organisation?.number === "ORG-DEMO");
      expect(loaded).toHaveLength(1);
      expect([a.out, b.out]).toContainEqual({ migrated: true, demo: false });
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 240_000);
});
