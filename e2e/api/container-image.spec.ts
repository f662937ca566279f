import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sparePort } from "../fixtures";
import postgres from "postgres";
import { testEnv } from "@/test/env.mjs";

// This machine cannot pull base images, so this proves what the image would run (issue 41
// item 3, ADR 0047): the Containerfile's runtime stage is read and carried out by hand. Its
// COPY --from=build lines are copied from this build (node_modules pruned to production
// dependencies, as the build stage does) into an empty directory; the migrate command and the
// CMD then run there with an environment holding nothing but what an operator sets, and the
// HEALTHCHECK command must pass. A file the image lacks, a dev dependency the server needs, or
// a path outside the image fails this test.
const ROOT = path.resolve(import.meta.dirname, "../..");
const CONTAINERFILE = fs.readFileSync(path.join(ROOT, "Containerfile"), "utf8");

type Stage = {
  name: string;
  env: Record<string, string>;
  workdir: string;
  user?: string;
  copies: { from?: string; sources: string[]; dest: string }[];
  cmd?: string[];
  healthcheck?: string[];
  run: string[];
};

/** The Containerfile's stages, with backslash continuations joined and comments dropped. */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n\s*(#[^\n]*\n\s*)*/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const out: Stage[] = [];
  for (const line of lines) {
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (op === "FROM") {
      out.push({ name: /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? "", env: {}, workdir: "/", copies: [], run: [] });
      continue;
    }
    const stage = out.at(-1)!;
    if (op === "ENV") for (const [, k, v] of rest.matchAll(/(\w+)=(\S+)/g)) stage.env[k] = v;
    else if (op === "WORKDIR") stage.workdir = rest;
    else if (op === "USER") stage.user = rest;
    else if (op === "RUN") stage.run.push(rest);
    else if (op === "CMD") stage.cmd = JSON.parse(rest);
    else if (op === "HEALTHCHECK") stage.healthcheck = JSON.parse(/\bCMD\s+(\[.*\])$/.exec(rest)![1]);
    else if (op === "COPY") {
      const words = rest.split(/\s+/);
      const from = words.find((w) => w.startsWith("--from="))?.slice(7);
      const paths = words.filter((w) => !w.startsWith("--"));
      stage.copies.push({ from, sources: paths.slice(0, -1), dest: paths.at(-1)! });
    }
  }
  return out;
}

/** A copy of `src` at `dest`: hard links (the build's files are not changed, only unlinked by the prune). */
function copy(src: string, dest: string) {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  execFileSync("cp", ["-al", src, dest]);
}

test.describe("the container image's runtime stage", () => {
  test.describe.configure({ timeout: 240_000 });
  const all = stages(CONTAINERFILE);
  const runtime = all.at(-1)!;
  let dir = "";
  let app = "";
  let server: ChildProcess | undefined;
  let output = "";
  let dropDatabase: (() => Promise<void>) | undefined;

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server!.once("exit", resolve));
    }
    await dropDatabase?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("is multi-stage, runs as a non-root user, and checks readiness", () => {
    expect(all.map((s) => s.name)).toEqual(["deps", "build", "runtime"]);
    expect(runtime.user).toBe("node");
    expect(runtime.healthcheck?.join(" ")).toContain("/healthz/ready");
    // Production dependencies only in the image: the build stage prunes the dev ones.
    expect(all.find((s) => s.name === "build")!.run.join(" ")).toContain("npm prune --omit=dev");
  });

  test("starts from a clean directory with only node, migrates, and answers readiness", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "km-image-"));
    // The build stage's /app: this build, its node_modules pruned as the Containerfile's RUN does.
    const build = path.join(dir, "build");
    fs.mkdirSync(build);
    for (const f of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(ROOT, f), path.join(build, f));
    copy(path.join(ROOT, "node_modules"), path.join(build, "node_modules"));
    execFileSync("npm", ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: build,
      stdio: "pipe",
    });
    copy(path.join(ROOT, ".next"), path.join(build, ".next"));
    // The runtime stage: only what its COPY lines bring.
    app = path.join(dir, "root", runtime.workdir.replace(/^\//, ""));
    fs.mkdirSync(app, { recursive: true });
    for (const c of runtime.copies) {
      expect(c.from, `runtime COPY ${c.sources.join(" ")} comes from the build stage`).toBe("build");
      for (const src of c.sources) {
        const rel = path.relative("/app", src);
        const from = rel === "node_modules" || rel === ".next" ? path.join(build, rel) : path.join(ROOT, rel);
        expect(fs.existsSync(from), `${src} exists in the build`).toBe(true);
        copy(
          from,
          c.sources.length > 1 || c.dest.endsWith("/")
            ? path.join(app, c.dest, path.basename(rel))
            : path.join(app, c.dest),
        );
      }
    }
    for (const gone of ["app", "e2e", "test", "bench", ".data", "package-lock.json"])
      expect(fs.existsSync(path.join(app, gone)), `${gone} is not in the image`).toBe(false);

    // The operator's environment and nothing else: no PATH but node's, no HOME of this user.
    const port = await sparePort();
    let database: Record<string, string>;
    const e2eUrl = testEnv.E2E_DATABASE_URL;
    if (e2eUrl) {
      const url = new URL(e2eUrl);
      const name = `${url.pathname.slice(1)}_image`;
      const admin = postgres(e2eUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists "${name}"`);
      await admin.unsafe(`create database "${name}"`);
      await admin.end();
      url.pathname = `/${name}`;
      database = { DATABASE_URL: url.toString() };
      dropDatabase = async () => {
        const a = postgres(e2eUrl, { max: 1, onnotice: () => undefined });
        await a.unsafe(`drop database if exists "${name}" with (force)`);
        await a.end();
      };
    } else {
      database = { PGLITE_DIR: path.join(dir, "pglite") };
    }
    const operatorEnv = {
      NODE_ENV: "production",
      PATH: path.dirname(process.execPath),
      HOME: path.join(dir, "home"),
      ...runtime.env,
      PORT: String(port),
      AUTH_SECRET: "image-proof-secret-not-for-production-use-0123456789",
      RUN_WORKERS: "false",
      LOG_LEVEL: "warn",
      ...database,
    } as NodeJS.ProcessEnv & { HOME: string };
    fs.mkdirSync(operatorEnv.HOME);

    // The migrate command the Containerfile names (its header comment), run in the image.
    const migrate = /#\s+migrate:\s+(.+?)\s{2,}/.exec(CONTAINERFILE)?.[1];
    expect(migrate, "the Containerfile names its migrate command").toBeTruthy();
    const [bin, ...args] = migrate!.split(/\s+/);
    const npx = bin === "npx" ? [path.join(app, "node_modules", ".bin", args.shift()!)] : [bin];
    execFileSync(npx[0], args, { cwd: app, env: operatorEnv, stdio: "pipe", timeout: 120_000 });

    // The CMD.
    const [cmd, ...cmdArgs] = runtime.cmd!;
    const child = spawn(cmd === "node" ? process.execPath : cmd, cmdArgs, {
      cwd: app,
      env: operatorEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server = child;
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () =>
          child.exitCode !== null
            ? `exited ${child.exitCode}: ${output.slice(-2000)}`
            : (await fetch(`${base}/healthz/ready`).catch(() => null))?.status,
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(200);

    // The HEALTHCHECK command itself passes, with the image's environment.
    const [hc, ...hcArgs] = runtime.healthcheck!;
    expect(hc).toBe("node");
    execFileSync(process.execPath, hcArgs, { cwd: app, env: operatorEnv, timeout: 10_000 });
    // The API and the console both answer from the image.
    const products = await fetch(`${base}/v1/products/`);
    expect(products.status).toBe(200);
    expect(await products.json()).toMatchObject({ results: expect.any(Array) });
    const signin = await fetch(`${base}/signin`);
    expect(signin.status).toBe(200);
    expect(await signin.text()).toContain("Sign in");
    const unauthenticated = await fetch(`${base}/v1/data-import/validate-account/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(unauthenticated.status).toBe(401);
    expect(output, "the image's server logs no error").not.toMatch(/"level":"error"|Error:/);
  });
});
