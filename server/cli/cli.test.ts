import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { uniq } from "@/test/db";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "km-cli-"));

/** Runs `npm run cli -- ...` the way an operator would, against a throwaway database. */
async function cli(...args: string[]) {
  try {
    const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["server/cli/main.ts", ...args], {
      env: { ...process.env, PGLITE_DIR: path.join(dataDir, "pglite"), LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr: "" };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("operator CLI", () => {
  it("sets up an organisation, supplier, status change, user and keys", async () => {
    const org = await cli("org", "create", "--name", "Acme Energy", "--number", `ORG-${uniq("C").slice(-10)}`, "--json");
    expect(org.code).toBe(0);
    const { organisation, api_key } = JSON.parse(org.stdout);
    expect(api_key.key).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    const o = ["--org", organisation.number];

    const code = uniq("ACME");
    const sup = await cli("supplier", "create", ...o, "--code", code, "--document-root", "file:///srv/docs", "--send-automated-emails", "--json");
    expect(JSON.parse(sup.stdout)).toMatchObject({ code, status: "Ongoing", sendAutomatedEmails: true });

    const paused = await cli("supplier", "status", ...o, "--code", code, "--status", "Paused", "--json");
    expect(JSON.parse(paused.stdout).status).toBe("Paused");
    const bad = await cli("supplier", "status", ...o, "--code", code, "--status", "Sideways");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("Allowed choices are Ongoing, Paused, Complete");

    const list = await cli("supplier", "list", ...o);
    expect(list.stdout).toMatch(new RegExp(`${code}\\s+Paused\\s+0\\s+0\\s+0`));

    const user = await cli("user", "create", ...o, "--email", `${code.toLowerCase()}@example.com`, "--name", "Op", "--role", "support", "--password", "long-enough-pw", "--json");
    expect(JSON.parse(user.stdout)).toMatchObject({ role: "support" });
    const short = await cli("user", "create", ...o, "--email", "x@example.com", "--name", "Op", "--role", "operator", "--password", "short");
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("password");

    const rolled = await cli("api-key", "roll", ...o, "--id", String(api_key.id), "--json");
    expect(JSON.parse(rolled.stdout).key).toMatch(/^sk_live_/);
    const keys = JSON.parse((await cli("api-key", "list", ...o, "--json")).stdout);
    expect(keys).toHaveLength(2);
    expect(keys.find((k: { id: number }) => k.id === api_key.id).invalidatedAt).not.toBeNull();
  }, 120_000);
});
