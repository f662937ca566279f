/**
 * The control file's documented columns (ADR 0417), shared by the parser, the template the console
 * offers and the docs. Every column but the account number is optional: a column the file leaves
 * out turns its check off; any other column is kept with the row and shown, never compared.
 */
export const CONTROL_COLUMNS = [
  {
    name: "external_account_number",
    check: null,
    meaning: "the source system's account number (required)",
    example: "LEGACY-000123",
  },
  {
    name: "closing_balance_pence",
    check: "balance",
    meaning: "closing balance in whole pence, credit positive (a debit is negative)",
    example: "-1234",
  },
  {
    name: "mpans",
    check: "meter_points",
    meaning: "electricity meter points with their meter serials: MPAN=SERIAL|SERIAL, several separated by ';'",
    example: "1200000000001=E10A123",
  },
  {
    name: "mprns",
    check: "meter_points",
    meaning: "gas meter points with their meter serials, as mpans",
    example: "7200000001=G4A987",
  },
  {
    name: "payment_reference",
    check: "payment",
    meaning: "reference of the active direct debit mandate or card; empty when there is none",
    example: "DD-000123",
  },
  { name: "statement_count", check: "statements", meaning: "number of historical statements", example: "12" },
  {
    name: "last_readings",
    check: "readings",
    meaning:
      "last reading per register: SERIAL/REGISTER=VALUE@YYYY-MM-DD (gas: SERIAL=VALUE@date), several separated by ';'",
    example: "E10A123/1=12345.6@2026-10-31;G4A987=04321@2026-10-31",
  },
] as const;

export type ControlColumn = (typeof CONTROL_COLUMNS)[number]["name"];

/** A CSV template with the header and one example row. */
export function controlCsvTemplate(): string {
  const cell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${CONTROL_COLUMNS.map((c) => c.name).join(",")}\n${CONTROL_COLUMNS.map((c) => cell(c.example)).join(",")}\n`;
}

/** The same example as one JSON Lines record. */
export function controlJsonlTemplate(): string {
  return `${JSON.stringify({
    external_account_number: "LEGACY-000123",
    closing_balance_pence: -1234,
    mpans: [{ mpan: "1200000000001", meter_serials: ["E10A123"] }],
    mprns: [{ mprn: "7200000001", meter_serials: ["G4A987"] }],
    payment_reference: "DD-000123",
    statement_count: 12,
    last_readings: [
      { meter_serial: "E10A123", register: "1", value: "12345.6", date: "2026-10-31" },
      { meter_serial: "G4A987", register: "", value: "04321", date: "2026-10-31" },
    ],
  })}\n`;
}
