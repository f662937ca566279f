import fs from "node:fs";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { env } from "@/server/env.mjs";
import { isSocketUrl, postgresTarget, urlParams } from "./postgres-url";

describe("DATABASE_URL with libpq's ?host= (ADR 0032)", () => {
  it("a socket directory becomes postgres-js's host option and leaves the URL's other settings alone", () => {
    expect(postgresTarget("postgres://app:pw@localhost:5432/km?host=/var/run/postgresql&connect_timeout=3")).toEqual({
      url: "postgres://app:pw@localhost:5432/km?connect_timeout=3",
      options: { host: "/var/run/postgresql" },
    });
    expect(isSocketUrl("postgres://app@localhost/km?host=/var/run/postgresql")).toBe(true);
  });

  it("a host name in the query is the URL's host; a URL without ?host= is unchanged", () => {
    expect(postgresTarget("postgres://app@ignored:5432/km?host=db.internal")).toEqual({
      url: "postgres://app@db.internal:5432/km",
      options: {},
    });
    expect(postgresTarget("postgres://app@db:5432/km?sslmode=require")).toEqual({
      url: "postgres://app@db:5432/km?sslmode=require",
      options: {},
    });
    expect(isSocketUrl("postgres://app@db:5432/km")).toBe(false);
  });

  it("several hosts pass through to postgres-js; read-write asks for a server not in recovery (ADR 0045)", () => {
    const url = "postgres://app:pw@db1:5432,db2:5433/km?target_session_attrs=read-write&connect_timeout=3";
    expect(postgresTarget(url)).toEqual({ url, options: { target_session_attrs: "primary" } });
    expect(urlParams(url).get("connect_timeout")).toBe("3");
    expect(postgres(postgresTarget(url).url, postgresTarget(url).options).options).toMatchObject({
      host: ["db1", "db2"],
      port: [5432, 5433],
      target_session_attrs: "primary",
    });
    expect(() => postgresTarget("postgres://app@db1,db2/km?host=/var/run/postgresql")).toThrow(/not both/);
  });

  const socket = "/var/run/postgresql";
  const url = env.DATABASE_URL ? new URL(env.DATABASE_URL) : undefined;
  it.runIf(url && fs.existsSync(`${socket}/.s.PGSQL.${url.port || 5432}`))(
    "connects through the server's Unix socket (no TCP peer address)",
    async () => {
      const viaSocket = new URL(url!.toString());
      viaSocket.hostname = "localhost";
      viaSocket.searchParams.set("host", socket);
      const target = postgresTarget(viaSocket.toString());
      const sql = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
      try {
        const [row] = await sql<
          { addr: string | null; db: string }[]
        >`select inet_client_addr()::text as addr, current_database() as db`;
        expect(row).toEqual({ addr: null, db: url!.pathname.slice(1) });
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  );
});
