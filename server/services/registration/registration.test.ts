import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sendRegistrationFlowsHandler as send } from "@/server/rest/routes/data-import";
import { accounts, jobs, meterPointRegistrations, meterPoints } from "@/db/schema";
import { claimJobs } from "@/server/jobs/queue";
import { runOne, startWorker } from "@/server/jobs/worker";
import { addDays, londonToday } from "@/server/lib/time";
import { setSupplierStatus } from "@/server/services/suppliers/set-supplier-status";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { eventsFor, importedAccount } from "@/test/factories";
import { registrationJobHandler } from "./run-registration";
import { setEnv } from "@/server/env.mjs";

const t = useTestDb();
const tomorrow = addDays(londonToday(), 1);

async function setup() {
  const s = await importedAccount(t.db);
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  const params = { import_supplier_code: s.supplier.code, external_account_number: s.account.externalAccountNumber };
  const url = (q = "") =>
    `/v1/data-import/send-registration-flows/${params.import_supplier_code}/${params.external_account_number}/${q}`;
  return { ...s, accountId: row.id, params, url };
}
const registrationsOf = (accountId: number) =>
  t.db
    .select()
    .from(meterPointRegistrations)
    .where(eq(meterPointRegistrations.accountId, accountId))
    .orderBy(meterPointRegistrations.id);

/** Runs every due registration job once, as a worker would. */
async function drain() {
  for (;;) {
    const batch = await claimJobs(t.db, "registration", "test-worker", 50, 60);
    if (!batch.length) return;
    for (const job of batch) await runOne(t.db, registrationJobHandler, job);
  }
}

afterEach(() => {
  setEnv({ REGISTRATION_GATEWAY_URL: undefined });
});

describe("POST data-import/send-registration-flows/<supplier>/<external>/", () => {
  it("marks every meter point (200), emits the requested events, queues the job; the job records the outcome", async () => {
    const s = await setup();
    const res = await call(send, s.url(), { method: "POST", auth: s.auth, params: s.params });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        import_supplier_code: s.supplier.code,
        external_account_number: s.account.externalAccountNumber,
        meter_points: [
          { mpxn: s.account.mpan, status: "REGISTRATION_FLOW_SUCCESS", supply_start_date: tomorrow },
          { mpxn: s.account.mprn, status: "REGISTRATION_FLOW_SUCCESS", supply_start_date: tomorrow },
        ],
      },
    ]);
    const regs = await registrationsOf(s.accountId);
    expect(regs.map((r) => [r.mpxn, r.status, r.supplyStartDate])).toEqual([
      [s.account.mpan, "requested", tomorrow],
      [s.account.mprn, "requested", tomorrow],
    ]);
    const evs = await eventsFor(t.db, s.account.accountNumber);
    expect(evs.find((e) => e.type === "meterpoint.elec.cos_gain.registration.requested")!.payload).toMatchObject({
      mpan: s.account.mpan,
      supply_start_date: tomorrow,
      is_migrated: true,
      account_number: s.account.accountNumber,
    });
    expect(evs.find((e) => e.type === "meterpoint.gas.cos_gain.registration.requested")!.payload).toMatchObject({
      mprn: s.account.mprn,
    });

    // Resending changes nothing and answers the same.
    const again = await call(send, s.url(), { method: "POST", auth: s.auth, params: s.params });
    expect(again.json).toEqual(res.json);
    expect(await registrationsOf(s.accountId)).toHaveLength(2);
    expect(
      (await eventsFor(t.db, s.account.accountNumber)).filter((e) => e.type.endsWith("registration.requested")),
    ).toHaveLength(2);

    await drain();
    const sent = await registrationsOf(s.accountId);
    expect(sent.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(sent[0].flow).toMatchObject({
      flow_type: "D0055",
      mpxn: s.account.mpan,
      supply_start_date: tomorrow,
      gateway: "recorded",
    });
    expect(sent[1].flow).toMatchObject({ flow_type: "GAS_SUPPLY_POINT_NOMINATION" });
    // A different date while one is live is a per-meter-point error.
    const other = await call(send, s.url(`?supply_start_date=${addDays(tomorrow, 5)}`), {
      method: "POST",
      auth: s.auth,
      params: s.params,
    });
    expect(other.json[0].meter_points.map((m: any) => m.status)).toEqual([
      "REGISTRATION_FLOW_ERROR",
      "REGISTRATION_FLOW_ERROR",
    ]);
    expect(other.json[0].meter_points[0].error_detail).toContain("already sent");
  });

  it("uses supply_start_date when given, and reports per-meter-point errors for dates that cannot work", async () => {
    const s = await setup();
    const later = addDays(tomorrow, 14);
    const ok = await call(send, s.url(`?supply_start_date=${later}`), {
      method: "POST",
      auth: s.auth,
      params: s.params,
    });
    expect(
      ok.json[0].meter_points.every(
        (m: any) => m.supply_start_date === later && m.status === "REGISTRATION_FLOW_SUCCESS",
      ),
    ).toBe(true);
    const s2 = await setup();
    const past = await call(send, s2.url(`?supply_start_date=${londonToday()}`), {
      method: "POST",
      auth: s2.auth,
      params: s2.params,
    });
    expect(past.status).toBe(200);
    expect(past.json[0].meter_points[0]).toMatchObject({
      status: "REGISTRATION_FLOW_ERROR",
      error_detail: expect.stringContaining(`earliest valid supply start date is ${tomorrow}`),
    });
    expect(await registrationsOf(s2.accountId)).toHaveLength(0);
    const bad = await call(send, s2.url("?supply_start_date=2026-13-01"), {
      method: "POST",
      auth: s2.auth,
      params: s2.params,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ attr: "supply_start_date", code: "invalid_date" });
    await setSupplierStatus(s2.org.ctx, { code: s2.supplier.code, status: "Paused" });
    const paused = await call(send, s2.url(), { method: "POST", auth: s2.auth, params: s2.params });
    expect(paused.json[0].meter_points[0].error_detail).toContain("not ongoing");
  });

  it("without a date uses the earliest valid date: a live registration for a later date is not reported as a success", async () => {
    const s = await setup();
    const far = addDays(tomorrow, 3 * 365); // no upper bound is documented; an agreement is in force then
    const mps = (res: { json: any }) => res.json[0].meter_points;
    const first = await call(send, s.url(`?supply_start_date=${far}`), {
      method: "POST",
      auth: s.auth,
      params: s.params,
    });
    expect(mps(first)).toEqual([
      { mpxn: s.account.mpan, status: "REGISTRATION_FLOW_SUCCESS", supply_start_date: far },
      { mpxn: s.account.mprn, status: "REGISTRATION_FLOW_SUCCESS", supply_start_date: far },
    ]);
    const requested = async () =>
      (await eventsFor(t.db, s.account.accountNumber)).filter((e) => e.type.endsWith("registration.requested")).length;
    expect(await requested()).toBe(2);

    const dateless = await call(send, s.url(), { method: "POST", auth: s.auth, params: s.params });
    expect(dateless.status).toBe(200);
    const detail = `Registration already requested with supply start date ${far}, later than the earliest valid supply start date ${tomorrow}; send supply_start_date=${far} to confirm it.`;
    expect(mps(dateless)).toEqual([
      { mpxn: s.account.mpan, status: "REGISTRATION_FLOW_ERROR", error_detail: detail },
      { mpxn: s.account.mprn, status: "REGISTRATION_FLOW_ERROR", error_detail: detail },
    ]);
    const between = await call(send, s.url(`?supply_start_date=${addDays(tomorrow, 30)}`), {
      method: "POST",
      auth: s.auth,
      params: s.params,
    });
    expect(mps(between)[0]).toEqual({
      mpxn: s.account.mpan,
      status: "REGISTRATION_FLOW_ERROR",
      error_detail: `Registration already requested with supply start date ${far}; it cannot be changed to ${addDays(tomorrow, 30)}.`,
    });
    // The same explicit date again is the same request: success, nothing new.
    expect(
      mps(await call(send, s.url(`?supply_start_date=${far}`), { method: "POST", auth: s.auth, params: s.params })).map(
        (m: any) => m.status,
      ),
    ).toEqual(["REGISTRATION_FLOW_SUCCESS", "REGISTRATION_FLOW_SUCCESS"]);
    expect((await registrationsOf(s.accountId)).map((r) => r.supplyStartDate)).toEqual([far, far]);
    expect(await requested()).toBe(2);

    // A dateless request resent a day later: its registration (now for today) is still the earliest one.
    const s2 = await setup();
    await call(send, s2.url(), { method: "POST", auth: s2.auth, params: s2.params });
    await t.db
      .update(meterPointRegistrations)
      .set({ supplyStartDate: londonToday() })
      .where(eq(meterPointRegistrations.accountId, s2.accountId));
    const resent = await call(send, s2.url(), { method: "POST", auth: s2.auth, params: s2.params });
    expect(mps(resent).map((m: any) => [m.status, m.supply_start_date])).toEqual([
      ["REGISTRATION_FLOW_SUCCESS", londonToday()],
      ["REGISTRATION_FLOW_SUCCESS", londonToday()],
    ]);
    expect(await registrationsOf(s2.accountId)).toHaveLength(2);
  });

  it("answers 404 with the documented array for unknown, foreign, or meter-point-less accounts", async () => {
    const s = await setup();
    const other = await importedAccount(t.db);
    const unknown = await call(send, "/x", {
      method: "POST",
      auth: s.auth,
      params: { ...s.params, external_account_number: "NOPE" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual([
      {
        error_detail: expect.any(String),
        import_supplier_code: s.params.import_supplier_code,
        external_account_number: "NOPE",
      },
    ]);
    const foreign = await call(send, "/x", { method: "POST", auth: other.auth, params: s.params });
    expect(foreign.status).toBe(404);
    await t.db.delete(meterPoints).where(eq(meterPoints.accountId, s.accountId));
    const none = await call(send, "/x", { method: "POST", auth: s.auth, params: s.params });
    expect(none.status).toBe(404);
    expect(none.json[0].error_detail).toContain("no meter points");
  });

  it("sends flows through the gateway: retries its 5xx, records a 4xx rejection as failed on the meter point", async () => {
    const s = await setup();
    const seen: any[] = [];
    let answer = 503;
    const server = createServer((req, res) => {
      let b = "";
      req.on("data", (c) => (b += c));
      req.on("end", () => {
        seen.push(JSON.parse(b));
        res.writeHead(answer, { "content-type": "application/json" });
        res.end(JSON.stringify(answer === 202 ? { reference: `GW-${seen.length}` } : { error: "nope" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    setEnv({ REGISTRATION_GATEWAY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    try {
      await call(send, s.url(), { method: "POST", auth: s.auth, params: s.params });
      await drain();
      const [job] = await t.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'registration_id' = ${String((await registrationsOf(s.accountId))[0].id)}`);
      expect(job).toMatchObject({ status: "queued", attempts: 1 });
      expect(job.lastError).toContain("503");
      answer = 202;
      await t.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, "queued"));
      await drain();
      const regs = await registrationsOf(s.accountId);
      expect(regs[0]).toMatchObject({ status: "sent", attempts: 2 });
      expect(regs[0].flow).toMatchObject({ gateway_reference: expect.stringMatching(/^GW-/) });

      const s2 = await setup();
      answer = 422;
      await call(send, s2.url(), { method: "POST", auth: s2.auth, params: s2.params });
      await drain();
      const failed = await registrationsOf(s2.accountId);
      expect(failed.map((r) => r.status)).toEqual(["failed", "failed"]);
      expect(failed[0].errorDetail).toContain("rejected the flow (HTTP 422)");
      // A failed registration can be requested again.
      answer = 202;
      const retry = await call(send, s2.url(), { method: "POST", auth: s2.auth, params: s2.params });
      expect(retry.json[0].meter_points[0].status).toBe("REGISTRATION_FLOW_SUCCESS");
      expect(await registrationsOf(s2.accountId)).toHaveLength(4);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("50 concurrent identical requests mark each meter point once", async () => {
    const s = await setup();
    const all = await Promise.all(
      Array.from({ length: 50 }, () => call(send, s.url(), { method: "POST", auth: s.auth, params: s.params })),
    );
    expect(
      all.every(
        (r) => r.status === 200 && r.json[0].meter_points.every((m: any) => m.status === "REGISTRATION_FLOW_SUCCESS"),
      ),
    ).toBe(true);
    expect(await registrationsOf(s.accountId)).toHaveLength(2);
    expect(
      (await eventsFor(t.db, s.account.accountNumber)).filter((e) => e.type.endsWith("registration.requested")),
    ).toHaveLength(2);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.payload}->>'registration_id' in (select id::text from meter_point_registrations where account_id = ${s.accountId})`,
      );
    expect(queued).toHaveLength(2);
  });

  it("runs in the background: two workers share the queue and each job runs once", async () => {
    const s = await setup();
    await call(send, s.url(), { method: "POST", auth: s.auth, params: s.params });
    const stops = [
      startWorker(async () => t.db, registrationJobHandler, { pollMs: 20 }),
      startWorker(async () => t.db, registrationJobHandler, { pollMs: 20 }),
    ];
    for (let i = 0; i < 100 && (await registrationsOf(s.accountId)).some((r) => r.status === "requested"); i++)
      await new Promise((r) => setTimeout(r, 50));
    await Promise.all(stops.map((stop) => stop()));
    const regs = await registrationsOf(s.accountId);
    expect(regs.map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
  });
});
