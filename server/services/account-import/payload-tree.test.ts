import { describe, expect, it } from "vitest";
import { accountPayload } from "@/test/factories";
import { demoAccounts } from "../demo/demo-accounts";
import { type PayloadNode, payloadTree } from "./payload-tree";

/** Every leaf of a JSON value as path → value (arrays by index, as errors' attr paths are). */
function leavesOf(value: unknown, path = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (!entries.length) out.set(path, value);
    for (const [k, v] of entries) leavesOf(v, path ? `${path}.${k}` : k, out);
  } else out.set(path, value);
  return out;
}

function treeLeaves(n: PayloadNode, out = new Map<string, string>()): Map<string, string> {
  if (n.children?.length) n.children.forEach((c) => treeLeaves(c, out));
  else out.set(n.path, n.value ?? (n.kind === "array" ? "[]" : "{}"));
  return out;
}

const find = (n: PayloadNode, path: string): PayloadNode | undefined =>
  n.path === path ? n : n.children?.map((c) => find(c, path)).find(Boolean);

describe("the staged payload as a tree", () => {
  it("shows every value the script sent, at the path errors name it by", () => {
    const payloads = [
      ...demoAccounts().map((make) => make("DEMO")),
      accountPayload("S", "EXT-1", {
        customers: [
          {
            family_name: "Hopper",
            psr: [{ description: "Blind", effective_from: "2025-01-01" }],
            customer_preferences: { opted_into_sms: false },
          },
        ],
        debts: [],
        notes: [{ body: "hello", created_at: "2026-01-01T10:00:00Z" }],
      }),
    ];
    for (const payload of payloads) {
      const sent = leavesOf(payload);
      const shown = treeLeaves(payloadTree(payload));
      expect([...shown.keys()].sort()).toEqual([...sent.keys()].sort());
      for (const [path, value] of sent) {
        const expected =
          value !== null && typeof value === "object" ? (Array.isArray(value) ? "[]" : "{}") : String(value);
        expect(shown.get(path), path).toBe(expected);
      }
    }
  });

  it("leads with the account's key fields, then follows the schema; says what the schema says of a field", () => {
    const tree = payloadTree({ ...accountPayload("S", "EXT-2"), last_statement_closing_date: "2026-10-31" });
    expect(tree.children!.slice(0, 3).map((c) => c.key)).toEqual([
      "import_supplier",
      "external_account_number",
      "account_type",
    ]);
    expect(find(tree, "last_statement_closing_date")).toMatchObject({ note: "Deprecated.", kind: "string" });
    const gas = find(tree, "supply_addresses.0.meter_points.1")!;
    expect(gas.summary).toMatch(/^GAS · \d+$/);
    expect(gas.children!.slice(0, 2).map((c) => c.key)).toEqual(["supply_type", "identifier"]);
    expect(find(tree, "supply_addresses.0.meter_points.0.profile_class")).toMatchObject({ kind: "number", value: "1" });
    expect(find(tree, "customers.0")!.summary).toBe("Ada Lovelace");
  });

  it("marks a field no production schema has (a payload staged before the schema changed)", () => {
    const tree = payloadTree({
      external_account_number: "OLD",
      billing_address: { address_line_1: "1 A Street", country: "GB" },
      electricity_meter_points: [{ mpan: "1" }],
    });
    expect(find(tree, "electricity_meter_points")).toMatchObject({ unknown: true, kind: "array" });
    expect(find(tree, "electricity_meter_points.0.mpan")?.unknown).toBeUndefined();
    expect(find(tree, "billing_address.address_line_1")).toMatchObject({ unknown: true, value: "1 A Street" });
    expect(find(tree, "billing_address.country")?.unknown).toBeUndefined();
  });
});
