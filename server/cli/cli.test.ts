import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { defaultDocumentRoot } from "@/server/services/documents/locations";
import { cliIn } from "@/test/cli";
import { uniq, useTestDb } from "@/test/db";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "km-cli-"));
const t = useTestDb();

/** `npm run cli -- ...`, in this process on the file's database (test/cli.ts). */
async function cli(...args: string[]) {
  return cliIn(t.handle, ...args);
}

/**
 * Runs `npm run cli -- ...` the way an operator would, in a process of its own, against a
 * throwaway database: for what only a real process shows (its environment, its exit code and
 * streams, another process's lock).
 */
async function cliWith(env: Record<string, string | undefined>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["server/cli/main.ts", ...args], {
      env: { ...process.env, PGLITE_DIR: path.join(dataDir, "pglite"), LOG_LEVEL: "silent", ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("operator CLI", () => {
  it("sets up an organisation, supplier, status change, user and keys", async () => {
    const org = await cli(
      "org",
      "create",
      "--name",
      "Acme Energy",
      "--number",
      `ORG-${uniq("C").slice(-10)}`,
      "--json",
    );
    expect(org.code).toBe(0);
    const { organisation, api_key } = JSON.parse(org.stdout);
    expect(api_key.key).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    const o = ["--org", organisation.number];

    const code = uniq("ACME");
    const sup = await cli(
      "supplier",
      "create",
      ...o,
      "--code",
      code,
      "--document-root",
      `file:///srv/docs/${code}`,
      "--send-automated-emails",
      "--json",
    );
    expect(JSON.parse(sup.stdout)).toMatchObject({ code, status: "Ongoing", sendAutomatedEmails: true });

    const paused = await cli("supplier", "status", ...o, "--code", code, "--status", "Paused", "--json");
    expect(JSON.parse(paused.stdout).status).toBe("Paused");
    const bad = await cli("supplier", "status", ...o, "--code", code, "--status", "Sideways");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("Allowed choices are Ongoing, Paused, Complete");

    const list = await cli("supplier", "list", ...o);
    expect(list.stdout).toMatch(new RegExp(`${code}\\s+Paused\\s+0\\s+0\\s+0`));

    const user = await cli(
      "user",
      "create",
      ...o,
      "--email",
      `${code.toLowerCase()}@example.com`,
      "--name",
      "Op",
      "--role",
      "support",
      "--password",
      "long-enough-pw",
      "--json",
    );
    expect(JSON.parse(user.stdout)).toMatchObject({ role: "support" });
    const short = await cli(
      "user",
      "create",
      ...o,
      "--email",
      "x@example.com",
      "--name",
      "Op",
      "--role",
      "operator",
      "--password",
      "short",
    );
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain("password");

    const rolled = await cli("api-key", "roll", ...o, "--id", String(api_key.id), "--json");
    expect(JSON.parse(rolled.stdout).key).toMatch(/^sk_live_/);
    const keys = JSON.parse((await cli("api-key", "list", ...o, "--json")).stdout);
    expect(keys).toHaveLength(2);
    expect(keys.find((k: { id: number }) => k.id === api_key.id).invalidatedAt).not.toBeNull();
  }, 120_000);

  it("changes a user's role (ending their sessions) and removes the user", async () => {
    const org = await cli(
      "org",
      "create",
      "--name",
      "Users Energy",
      "--number",
      `ORG-${uniq("U").slice(-10)}`,
      "--json",
    );
    const o = ["--org", JSON.parse(org.stdout).organisation.number];
    const email = `${uniq("usr").toLowerCase()}@example.com`;
    expect(
      (
        await cli(
          "user",
          "create",
          ...o,
          "--email",
          email,
          "--name",
          "Op",
          "--role",
          "support",
          "--password",
          "long-enough-pw",
        )
      ).code,
    ).toBe(0);
    const promoted = await cli("user", "update", ...o, "--email", email, "--role", "operator");
    expect(promoted.stdout).toContain(`Updated operator ${email}. Their sessions have ended.`);
    expect((await cli("user", "remove", ...o, "--email", email)).stdout).toContain(`Removed operator ${email}.`);
    const gone = await cli("user", "remove", ...o, "--email", email, "--json");
    expect(gone.code).toBe(1);
    expect(JSON.parse(gone.stderr)).toMatchObject({ code: "user_not_found" });
  }, 300_000);

  it("scopes supplier codes and document roots to the --org organisation", async () => {
    const orgs = [];
    for (const name of ["Ours", "Theirs"])
      orgs.push(
        JSON.parse((await cli("org", "create", "--name", name, "--json")).stdout).organisation.number as string,
      );
    const [ours, theirs] = orgs;
    const code = uniq("SAME");
    expect(
      (
        await cli(
          "supplier",
          "create",
          "--org",
          ours,
          "--code",
          code,
          "--document-root",
          `file:///srv/docs/${code}-ours`,
        )
      ).code,
    ).toBe(0);
    // The same code in another organisation is its own supplier; our folder is not theirs to use.
    const taken = await cli(
      "supplier",
      "create",
      "--org",
      theirs,
      "--code",
      code,
      "--document-root",
      `file:///srv/docs/${code}-ours/sub`,
      "--json",
    );
    expect(taken.code).toBe(1);
    expect(JSON.parse(taken.stderr)).toMatchObject({
      code: "document_root_in_use",
      errors: [{ attr: "documentRoot", code: "document_root_in_use" }],
    });
    expect(
      (
        await cli(
          "supplier",
          "create",
          "--org",
          theirs,
          "--code",
          code,
          "--document-root",
          `file:///srv/docs/${code}-theirs`,
          "--status",
          "Paused",
        )
      ).code,
    ).toBe(0);
    const statuses = async (org: string) =>
      JSON.parse((await cli("supplier", "list", "--org", org, "--json")).stdout).map(
        (x: { code: string; status: string; documentRoot: string }) => [x.code, x.status, x.documentRoot],
      );
    expect(await statuses(ours)).toEqual([[code, "Ongoing", `file:///srv/docs/${code}-ours`]]);
    expect(await statuses(theirs)).toEqual([[code, "Paused", `file:///srv/docs/${code}-theirs`]]);
  }, 300_000);

  it("creates a supplier without --document-root in the organisation's own folder of the platform's store, as the console does", async () => {
    const org = JSON.parse((await cli("org", "create", "--name", "No Root", "--json")).stdout).organisation
      .number as string;
    const code = uniq("NOROOT");
    const made = await cli("supplier", "create", "--org", org, "--code", code, "--json");
    expect(made.code, made.stderr).toBe(0);
    const root = defaultDocumentRoot(org, code);
    expect(JSON.parse(made.stdout)).toMatchObject({ code, status: "Ongoing", documentRoot: root });
    const plain = await cli("supplier", "create", "--org", org, "--code", `${code}-2`);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain(`documents at ${defaultDocumentRoot(org, `${code}-2`)}`);
    // The folder is claimed like any root: another organisation cannot point into it.
    const other = JSON.parse((await cli("org", "create", "--name", "Other", "--json")).stdout).organisation
      .number as string;
    const taken = await cli(
      "supplier",
      "create",
      "--org",
      other,
      "--code",
      code,
      "--document-root",
      `${root}/sub`,
      "--json",
    );
    expect(taken.code).toBe(1);
    expect(JSON.parse(taken.stderr)).toMatchObject({ errors: [{ attr: "documentRoot" }] });
    // A blank root given on purpose is the same as none; a bad one is still refused.
    expect((await cli("supplier", "create", "--org", org, "--code", `${code}-3`, "--document-root", " ")).code).toBe(0);
    const bad = await cli(
      "supplier",
      "create",
      "--org",
      org,
      "--code",
      `${code}-4`,
      "--document-root",
      "ftp://x",
      "--json",
    );
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr)).toMatchObject({ errors: [{ attr: "documentRoot" }] });
  }, 120_000);

  it("keeps stdout for JSON and reports every failure as JSON on stderr with --json", async () => {
    const missing = await cli("api-key", "list", "--org", "ORG-NOSUCH1", "--json");
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(JSON.parse(missing.stderr)).toMatchObject({ code: "organisation_not_found" });

    const invalid = await cli("org", "create", "--name", "X", "--number", "bad", "--json");
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe("");
    expect(JSON.parse(invalid.stderr).errors[0]).toMatchObject({ attr: "number" });
  }, 120_000);

  it("refuses option values it cannot use instead of guessing", async () => {
    const org = JSON.parse((await cli("org", "create", "--name", "Opts", "--json")).stdout).organisation.number;
    for (const id of ["abc", "1.5", "0"]) {
      const bad = await cli("api-key", "roll", "--org", org, "--id", id);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain("Expected a key id");
    }
    const code = uniq("OPT");
    await cli(
      "supplier",
      "create",
      "--org",
      org,
      "--code",
      code,
      "--document-root",
      `file:///srv/docs/${code}`,
      "--send-automated-emails",
    );
    const yes = await cli("supplier", "update", "--org", org, "--code", code, "--send-automated-emails", "yes");
    expect(yes.code).toBe(1);
    expect(yes.stderr).toContain("Allowed choices are true, false");
    const list = JSON.parse((await cli("supplier", "list", "--org", org, "--json")).stdout);
    expect(list.find((s: { code: string }) => s.code === code).sendAutomatedEmails).toBe(true);
  }, 120_000);

  it("says clearly when the database settings or the database itself are unusable", async () => {
    const [pool, scheme, down] = await Promise.all([
      cliWith({ DATABASE_URL: "postgres://u@127.0.0.1:1/x", DATABASE_POOL_SIZE: "0" }, "supplier", "list"),
      cliWith({ DATABASE_URL: "mysql://u:secret@db/x" }, "supplier", "list", "--json"),
      cliWith({ DATABASE_URL: "postgres://u:secret@127.0.0.1:1/x" }, "supplier", "list"),
    ]);
    expect(pool.code).toBe(1);
    expect(pool.stderr).toContain('DATABASE_POOL_SIZE="0" must be a whole number >= 1');

    expect(JSON.parse(scheme.stderr)).toMatchObject({ code: "invalid_configuration" });
    expect(scheme.stderr).not.toContain("secret");

    expect(down.code).toBe(1);
    expect(down.stderr).toContain("cannot open the database at postgres://u:***@127.0.0.1:1/x (DATABASE_URL)");
    expect(down.stderr).not.toContain("secret");
  }, 120_000);

  it("refuses an embedded database another process holds, as JSON with --json", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "km-cli-locked-"));
    mkdirSync(path.join(dir, "pglite"));
    writeFileSync(path.join(dir, "pglite.lock"), String(process.pid));
    const locked = await cliWith(
      { PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: "" },
      "supplier",
      "list",
      "--json",
    );
    expect(locked.code).toBe(1);
    expect(locked.stdout).toBe("");
    expect(JSON.parse(locked.stderr)).toMatchObject({ code: "database_in_use" });
    expect(JSON.parse(locked.stderr).detail).toContain(`in use by process ${process.pid}`);
  }, 60_000);
});
