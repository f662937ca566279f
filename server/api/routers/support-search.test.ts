import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountImportProcesses } from "@/db/schema";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeImportedAccount } from "@/test/factories";
import { codeOf, consoleWorld } from "@/test/factories";

const t = useTestDb();

const person = {
  billing_name: "Margaret Thompson",
  billing_postcode: "LS1 4AP",
  customers: [
    { given_name: "Margaret", family_name: "Thompson", email: "m.thompson@example.org", mobile: "07912 345678" },
  ],
};

let shared: ReturnType<typeof build> | undefined;
const world = () => (shared ??= build());

async function build() {
  const w = await consoleWorld(t.db);
  const acc = await makeImportedAccount(w.org, w.supplier.code, person);
  // A staged account and a failed one are found too.
  const stagedExternal = uniq("STG");
  await stageAccount(
    w.org.ctx,
    StageAccountInput.parse(
      accountPayload(w.supplier.code, stagedExternal, {
        billing_name: "Rosalind Franklin",
        customers: [{ given_name: "Rosalind", family_name: "Franklin" }],
      }),
    ),
  );
  const failedExternal = uniq("FLD");
  await stageAccount(
    w.org.ctx,
    StageAccountInput.parse(
      accountPayload(w.supplier.code, failedExternal, {
        billing_name: "Grace Hopper",
        customers: [{ given_name: "Grace", family_name: "Hopper" }],
      }),
    ),
  );
  await t.db
    .update(accountImportProcesses)
    .set({ status: "failed" })
    .where(eq(accountImportProcesses.externalAccountNumber, failedExternal));
  return { w, acc, stagedExternal, failedExternal };
}

describe("support.search: one box, anything a caller says", () => {
  it("finds the account by a misspelt surname, postcode without its space or by outward part, phone in any format, e-mail, number and meter prefixes", async () => {
    const { w, acc } = await world();
    const top = async (query: string) => (await w.support.support.search({ query }))[0];
    const byName = await top("Thomson");
    expect(byName).toMatchObject({
      accountNumber: acc.accountNumber,
      status: "imported",
      importSupplier: w.supplier.code,
    });
    expect(byName.matches.find((m) => m.kind === "name")).toEqual({
      kind: "name",
      text: "Margaret Thompson",
      highlight: [9, 17],
    });
    for (const q of ["LS14AP", "ls1 4ap", "LS1"]) expect((await top(q))?.accountNumber, q).toBe(acc.accountNumber);
    // A postcode finds neighbours: each result shows its address to tell them apart.
    expect((await top("LS1 4AP")).address).toBe("1 Analytical Row, London, LS1 4AP");
    for (const q of ["07912 345678", "+447912345678", "0044 7912 345 678", "(07912) 345-678"]) {
      const hit = await top(q);
      expect(hit?.accountNumber, q).toBe(acc.accountNumber);
      expect(hit.matches[0]).toEqual({ kind: "phone", text: "07912 345678", highlight: [0, 12] });
    }
    expect((await top("M.Thompson@EXAMPLE.org"))?.accountNumber).toBe(acc.accountNumber);
    const byMpan = await top(acc.mpan!.slice(0, 6));
    expect(byMpan.matches.find((m) => m.kind === "mpxn")).toEqual({ kind: "mpxn", text: acc.mpan, highlight: [0, 6] });
    const byNumber = await top(acc.accountNumber!.slice(0, 6).toLowerCase());
    expect(byNumber.accountNumber).toBe(acc.accountNumber);
    expect(byNumber.matches[0]).toMatchObject({ kind: "account_number", highlight: [0, 6] });
    expect((await top(acc.externalAccountNumber.slice(0, 8).toLowerCase()))?.accountNumber).toBe(acc.accountNumber);
    const serial = `E${acc.mpan!.slice(-6)}`;
    expect((await top(serial.slice(0, 5)))?.matches.some((m) => m.kind === "meter_serial" && m.text === serial)).toBe(
      true,
    );
  });

  it("finds staged and failed imports, ranks the closer name first, and shows only our organisation's accounts", async () => {
    const { w, stagedExternal, failedExternal } = await world();
    await stageAccount(
      w.org.ctx,
      StageAccountInput.parse(
        accountPayload(w.supplier.code, uniq("STG"), {
          billing_name: "Rosalind Frank",
          customers: [{ given_name: "Rosalind", family_name: "Frank" }],
        }),
      ),
    );
    const found = await w.operator.support.search({ query: "Rosalind Franklin" });
    expect(found[0]).toMatchObject({ externalAccountNumber: stagedExternal, status: "staged", accountNumber: null });
    expect(found[1]).toMatchObject({ billingName: "Rosalind Frank", status: "staged" });
    expect(found[0].score).toBeGreaterThan(found[1].score);
    expect((await w.support.support.search({ query: "Hoper" }))[0]).toMatchObject({
      externalAccountNumber: failedExternal,
      status: "failed",
    });
    // The issue's own examples: Smyth finds Smith; a billing name that is not the customer's is found by its words.
    const smith = uniq("SMT");
    await stageAccount(
      w.org.ctx,
      StageAccountInput.parse(
        accountPayload(w.supplier.code, smith, {
          billing_name: "Harrowgate Lettings",
          customers: [{ given_name: "Evelyn", family_name: "Smith" }],
        }),
      ),
    );
    const bySmyth = (await w.support.support.search({ query: "Smyth" })).find((r) => r.externalAccountNumber === smith);
    expect(bySmyth?.matches.find((m) => m.kind === "name")).toMatchObject({ text: "Evelyn Smith", highlight: [7, 12] });
    const byBilling = (await w.support.support.search({ query: "Harowgate" }))[0];
    expect(byBilling).toMatchObject({ externalAccountNumber: smith, billingName: "Harrowgate Lettings" });
    expect(byBilling.matches[0]).toMatchObject({ kind: "billing_name", text: "Harrowgate Lettings" });
    // The other organisation has the same people, and sees only its own.
    expect(await w.outsider.support.search({ query: "Thompson" })).toEqual([]);
    expect(await w.outsider.support.search({ query: "LS1 4AP" })).toEqual([]);
    expect(await codeOf(w.anonymous.support.search({ query: "Thompson" }))).toBe("UNAUTHORIZED");
    expect(await codeOf(w.support.support.search({ query: "   " }))).toBe("BAD_REQUEST");
    expect(await w.support.support.search({ query: "zzqx%_" })).toEqual([]);
  });
});

describe("support.search: a failed import is found by its exact number, first (issue 39 item 2)", () => {
  it("an external number like a name ('LEG-…' near 'Leo') finds the failed job row first, and its page says why", async () => {
    const { w } = await world();
    const { uploadImportJob } = await import("@/server/services/import-jobs/upload-import-job");
    const { bodyOf, drainLanes, jsonl } = await import("@/test/import-jobs");
    const { makeImportedAccount: imported } = await import("@/test/factories");
    for (const given of ["Leo", "Leon", "Leona"])
      await imported(w.org, w.supplier.code, {
        billing_name: `${given} Legg`,
        customers: [{ given_name: given, family_name: "Legg" }],
      });
    const external = `LEG-R5-${uniq("").slice(-6)}`;
    const bad = accountPayload(w.supplier.code, external, { billing_name: "Leo Lagrange", billing_postcode: "XX" });
    const job = await uploadImportJob(
      w.org.ctx,
      { importSupplier: w.supplier.code, format: "jsonl", fileName: "cohort-5.jsonl" },
      bodyOf(jsonl([bad])),
    );
    await drainLanes(t.db);

    const results = await w.support.support.search({ query: external });
    expect(results[0]).toMatchObject({
      externalAccountNumber: external,
      status: "failed",
      accountNumber: null,
      billingName: "Leo Lagrange",
      failedIn: { jobId: job.id, line: 1 },
    });
    expect(results[0].score).toBeGreaterThan(Math.max(...results.slice(1).map((r) => r.score)));
    // Exact identifiers outrank names for an imported account too.
    const acc = await imported(w.org, w.supplier.code, { billing_name: "Leo Sayer" });
    expect((await w.support.support.search({ query: acc.externalAccountNumber }))[0].externalAccountNumber).toBe(
      acc.externalAccountNumber,
    );

    const page = await w.support.accountImport.get({
      importSupplier: w.supplier.code,
      externalAccountNumber: external,
    });
    expect(page).toMatchObject({
      status: "failed",
      accountNumber: null,
      failedIn: { jobId: job.id, line: 1, fileName: "cohort-5.jsonl" },
    });
    expect(page.errors.map((e) => e.attr)).toContain("billing_postcode");
  });
});
