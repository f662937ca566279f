import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { configErrors, redactUrl } from "@/server/env.mjs";
import { logLevelAllows } from "../logger";

const run = promisify(execFile);

describe("start-up configuration", () => {
  it("names every invalid variable, and accepts the documented values", () => {
    const errors = configErrors({
      PORT: "abc",
      DATABASE_POOL_SIZE: "0",
      TRUST_PROXY_HOPS: "-1",
      MAX_BODY_BYTES: "x",
      IMPORT_CONCURRENCY: "0",
      KEEP_ALIVE_TIMEOUT: "1.5",
      NATS_URL: "http://127.0.0.1:4222",
      DATABASE_URL: "mysql://user:secret@db/x",
      RUN_RELAY: "no",
      LOG_LEVEL: "debug",
    });
    expect(errors.map((e) => e.split("=")[0])).toEqual([
      "PORT",
      "KEEP_ALIVE_TIMEOUT",
      "TRUST_PROXY_HOPS",
      "MAX_BODY_BYTES",
      "LOG_LEVEL",
      "DATABASE_URL",
      "DATABASE_POOL_SIZE",
      "NATS_URL",
      "RUN_RELAY",
      "IMPORT_CONCURRENCY",
    ]);
    expect(errors.join("\n")).not.toContain("secret");
    expect(
      configErrors({
        PORT: "3000",
        DATABASE_POOL_SIZE: "10",
        TRUST_PROXY_HOPS: "0",
        MAX_BODY_BYTES: "10485760",
        CATALOGUE_VERSION_TTL_MS: "0",
        NATS_URL: "nats://a:4222, tls://user:pw@b:4222,c:4222",
        DATABASE_URL: "postgresql://user:pw@db:5432/km",
        RUN_WORKERS: "false",
        LOG_LEVEL: "warn",
        PORT_UNRELATED: "x",
      }),
    ).toEqual([]);
    expect(configErrors({ PORT: "" })).toEqual([]);
    expect(configErrors({ NATS_URL: "nats://a:99999" })[0]).toContain("not a server address");
  });

  it("hides passwords in URLs it prints", () => {
    expect(redactUrl("postgres://km:s3cret@db:5432/km")).toBe("postgres://km:***@db:5432/km");
    expect(redactUrl("nats://a:1,tls://u:p@b:2")).toBe("nats://a:1,tls://u:***@b:2");
  });

  it("npm start refuses a bad value at once, before building or serving", async () => {
    const started = Date.now();
    const res = await run(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, PORT: "abc", MAX_BODY_BYTES: "x" },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('PORT="abc" must be a whole number from 1 to 65535');
    expect(res.stderr).toContain('MAX_BODY_BYTES="x"');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("LOG_LEVEL info, warn, error and silent each let through what they say", () => {
    expect([logLevelAllows("info", ""), logLevelAllows("info", "warn"), logLevelAllows("warn", "warn")]).toEqual([
      true,
      false,
      true,
    ]);
    expect([
      logLevelAllows("warn", "error"),
      logLevelAllows("error", "error"),
      logLevelAllows("error", "silent"),
    ]).toEqual([false, true, false]);
  });
});
