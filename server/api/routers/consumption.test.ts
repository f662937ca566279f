import { describe, expect, it } from "vitest";
import { electricityConsumptionHandler as elecConsumption } from "@/server/rest/routes/consumption";
import { makeMeterAccount } from "@/test/factories";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

describe("consumption router", () => {
  it("lets an operator upload a meter point's interval reads; support users and other organisations may not", async () => {
    const w = await consoleWorld(t.db);
    const m = await makeMeterAccount(w.org);
    const content = `mpxn,serial_number,interval_start,consumption\n${m.mpan},${m.elecSerial},2026-11-01T00:00:00Z,0.42\n${m.mpan},${m.elecSerial},2026-11-01T00:30:00Z,0.58\n`;
    const input = { accountNumber: m.accountNumber, mpxn: m.mpan, format: "csv" as const, content };
    expect(await codeOf(w.support.consumption.upload(input))).toBe("FORBIDDEN");
    expect(await codeOf(w.anonymous.consumption.upload(input))).toBe("UNAUTHORIZED");
    expect(await codeOf(w.outsider.consumption.upload(input))).toBe("NOT_FOUND");
    const res = await w.operator.consumption.upload({ ...input, fileName: "reads.csv" });
    expect(res).toMatchObject({ rows: 2, changed: 2, events: 1 });
    // A console import is in the audit log with who and how many (issue 20); the refused calls above left nothing.
    const audit = (await w.operator.audit.list({ entityType: "account", entityId: m.accountNumber })).items;
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["consumption.uploaded", { mpxn: m.mpan, fileName: "reads.csv", format: "csv", rows: 2, changed: 2 }],
    ]);
    expect(audit[0].actor).toMatch(/^[^@\s]+@example\.com$/);
    const page = await call(elecConsumption, "/x?order_by=period", {
      params: { mpan: m.mpan, serial: m.elecSerial },
      auth: basic(w.org.apiKey),
    });
    expect(page.json.results.map((r: { consumption: number }) => r.consumption)).toEqual([0.42, 0.58]);
  });

  it("refuses rows for another meter point than the one uploaded to, naming the line", async () => {
    const w = await consoleWorld(t.db);
    const m = await makeMeterAccount(w.org);
    const content = `mpxn,serial_number,interval_start,consumption\n${m.mprn},${m.gasSerial},2026-11-01T00:00:00Z,1\n`;
    const err = await w.operator.consumption
      .upload({ accountNumber: m.accountNumber, mpxn: m.mpan, format: "csv", content })
      .then(
        () => null,
        (e) => e,
      );
    expect(err.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(err.cause ?? err)).toContain("lines.2.mpxn");
  });
});
