import { describe, expect, it } from "vitest";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier } from "@/test/factories";
import { bodyOf, drainLanes, jsonl } from "@/test/import-jobs";
import { rowErrors } from "./row-errors";
import { ACCOUNT_CSV_COLUMNS, csvColumnLocator } from "../accounts/account-csv";
import { listFailedRows } from "./triage";
import { uploadImportJob } from "./upload-import-job";

const t = useTestDb();

/** A dry run of one file; its failed rows' errors as the console lists them. */
async function dryRun(format: "jsonl" | "csv", file: (supplier: string) => string) {
  const org = await makeOrg(t.db, "One Pass Energy");
  const supplier = await makeSupplier(org);
  const job = await uploadImportJob(
    org.ctx,
    { importSupplier: supplier.code, format, fileName: `dry.${format}`, dryRun: true },
    bodyOf(file(supplier.code)),
  );
  await drainLanes(t.db);
  return (await listFailedRows(org.ctx, { id: job.id })).items.map((r) => r.errors);
}

const header = ACCOUNT_CSV_COLUMNS.map((c) => c.name);
const csvFile = (...rows: Record<string, string>[]) =>
  [header.join(","), ...rows.map((cells) => header.map((h) => cells[h] ?? "").join(","))].join("\r\n");
const csvRow = {
  billing_address1: "1 Road",
  billing_postcode: "SW1A 1AA",
  customer_family_name: "Byron",
  customer_given_name: "Ada",
};

// Issue 39 item 4: a dry run reports every error of a row in one pass, and a value the
// platform derived is said to be derived.
describe("a dry run's errors, all in one pass", () => {
  it("a bad phone number and a missing family name are reported together, the phone with its value and why", async () => {
    const [errors] = await dryRun("jsonl", (s) =>
      jsonl([accountPayload(s, uniq("EXT"), { customers: [{ given_name: "Ada", mobile: "07911 12" }] })]),
    );
    expect(errors.map((e) => [e.attr, e.code])).toEqual([
      ["customers.0.mobile", "invalid_phone_number"],
      ["customers.0.family_name", "customer_family_name_required"],
    ]);
    expect(errors[0].detail).toBe(
      "'07911 12' is not a valid UK phone number: 7 digits is too few (a UK number has 10 or 11 digits, counting the leading 0).",
    );
  });

  it("the catalogue's check runs beside the schema's: an unknown tariff is reported with a bad e-mail address", async () => {
    const [errors] = await dryRun("jsonl", (s) => {
      const bad = accountPayload(s, uniq("EXT"), {
        customers: [{ given_name: "Ada", family_name: "Lovelace", email: "ada-at-example" }],
      });
      (bad.supply_addresses[0].meter_points[0].agreements as { tariff_code: string }[])[0].tariff_code = "E-1R-NOPE-C";
      return jsonl([bad]);
    });
    expect(errors.map((e) => e.attr)).toEqual([
      "customers.0.email",
      "supply_addresses.0.meter_points.0.agreements.0.tariff_code",
    ]);
    expect(errors[0].detail).toBe("'ada-at-example' is not an e-mail address (name@domain.example).");
    expect(errors[1].code).toBe("tariff_code_not_found");
  });

  it("a CSV row: its columns' problems together, each at its column", async () => {
    const [errors] = await dryRun("csv", () =>
      csvFile({
        ...csvRow,
        external_account_number: uniq("CSV"),
        customer_family_name: "",
        customer_mobile: "12",
        customer_email: "no",
      }),
    );
    expect(errors.map((e) => [e.column, e.code])).toEqual([
      ["customer_email", errors[0].code],
      ["customer_mobile", "invalid_phone_number"],
      ["customer_family_name", "customer_family_name_required"],
    ]);
  });

  it("a supply address filled from the billing one: a problem only the copy has is said, as derived; a shared one once", async () => {
    const [bad] = await dryRun("csv", () =>
      csvFile({ ...csvRow, external_account_number: uniq("CSV"), billing_postcode: "NOT A POSTCODE" }),
    );
    expect(bad.filter((e) => e.code === "invalid_postcode").map((e) => e.column)).toEqual(["billing_postcode"]);
    expect(bad.find((e) => e.code === "invalid_postcode")!.detail).toBe(
      "'NOT A POSTCODE' is not a UK postcode: it is too long (a postcode is 5 to 7 letters and digits, e.g. SW1A 1AA).",
    );
    expect(bad).toHaveLength(1);
    // A problem the copy has and the billing value has not (the supply address's own limits) is said, as derived.
    const column = csvColumnLocator({
      ...csvRow,
      external_account_number: "X",
      supply_address1: "",
      supply_postcode: "",
    });
    const said = rowErrors(
      [
        { attr: "billing_postcode", code: "invalid_postcode", detail: "'X' is not a UK postcode." },
        { attr: "supply_addresses.0.supply_postcode", code: "invalid_postcode", detail: "'X' is not a UK postcode." },
        { attr: "supply_addresses.0.supply_address1", code: "max_length", detail: "At most 80 characters." },
      ],
      column,
    );
    expect(said.map((e) => [e.column, e.detail])).toEqual([
      ["billing_postcode", "'X' is not a UK postcode."],
      [
        "billing_address1",
        "supply_address1, filled from billing_address1 because the row leaves the supply address blank: At most 80 characters.",
      ],
    ]);
  });

  it("a list item that is wrong as a whole leaves the later checks for the next run (leaving it out would renumber the rest)", async () => {
    const [errors] = await dryRun("jsonl", (s) =>
      jsonl([accountPayload(s, uniq("EXT"), { customers: ["Ada Lovelace", { given_name: "Ada" }] })]),
    );
    expect(errors.map((e) => e.attr)).toEqual(["customers.0"]);
  });
});
