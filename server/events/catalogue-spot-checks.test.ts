import { describe, expect, test } from "vitest";
import { examplePayload } from "@/server/events/example-payload";
import { eventCatalogue, getEventSchema } from "@/server/events/registry";

// Hand-written against documents 2 and 3, independent of the list script and the helpers.

const ledger = { account: { number: "A-1" }, number: "L-1" };
const entry = {
  id: 7,
  is_charge: true,
  is_credit: false,
  is_payment: false,
  is_repayment: false,
  is_reversal: false,
  is_reversed: false,
};

describe("billing.ledger.entry_posted", () => {
  const v1 = eventCatalogue["billing.ledger.entry_posted"].v1;
  const v2 = eventCatalogue["billing.ledger.entry_posted"].v2;

  test("v2 takes LEDGER and ENTRY; optional ids may be left out", () => {
    expect(v2.parse({ ledger, entry })).toEqual({ ledger, entry });
    expect(v2.safeParse({ ledger: { ...ledger, id: "x" }, entry: { ...entry, source_id: 3 } }).success).toBe(true);
  });

  test("v2 requires ledger.account.number and an integer entry.id", () => {
    expect(v2.safeParse({ ledger: { ...ledger, account: {} }, entry }).success).toBe(false);
    expect(v2.safeParse({ ledger, entry: { ...entry, id: 7.5 } }).success).toBe(false);
    expect(v2.safeParse({ ledger, entry: { ...entry, id: "7" } }).success).toBe(false);
    expect(v2.safeParse({ ledger }).success).toBe(false);
  });

  test("v1 carries the ledger only", () => {
    expect(v1.safeParse({ ledger }).success).toBe(true);
    expect(v1.safeParse({ ledger, entry }).success).toBe(false);
  });
});

test("agreement.updated v2 is v1 plus a required account_number", () => {
  const { v1, v2 } = eventCatalogue["agreement.updated"];
  expect(Object.keys(v1.shape).sort()).toEqual(["agreement_id", "changes", "is_override"]);
  expect(Object.keys(v2.shape).sort()).toEqual(["account_number", "agreement_id", "changes", "is_override"]);
  const payload = { agreement_id: 1, changes: { status: "active" } };
  expect(v1.safeParse(payload).success).toBe(true);
  expect(v2.safeParse(payload).success).toBe(false);
  expect(v2.safeParse({ ...payload, account_number: "A-1" }).success).toBe(true);
  expect(v1.safeParse({ ...payload, account_number: "A-1" }).success).toBe(false);
});

test("lifecycle.support-site.sale has payload version 1.0.0 only", () => {
  expect(Object.keys(eventCatalogue["lifecycle.support-site.sale"])).toEqual(["1.0.0"]);
  const payload = { support_user_id: "u-1", supply_start_date: "2025-01-01", trigger_action: "sale" };
  expect(getEventSchema("lifecycle.support-site.sale", "1.0.0")?.safeParse(payload).success).toBe(true);
  expect(getEventSchema("lifecycle.support-site.sale", "v1")).toBeUndefined();
});

test("meterpoint.elec.cos_gain.registration.requested v1 has exactly the documented fields", () => {
  const schema = eventCatalogue["meterpoint.elec.cos_gain.registration.requested"].v1;
  const payload = {
    mpan: "1200000000001",
    supply_start_date: "2025-02-01",
    supplier_mpid: "ABCD",
    account_number: "A-1",
    is_internal_transfer: false,
    is_migrated: true,
    is_export: false,
  };
  expect(schema.parse(payload)).toEqual(payload);
  for (const key of Object.keys(payload) as (keyof typeof payload)[]) {
    const { [key]: _dropped, ...rest } = payload;
    expect(schema.safeParse(rest).success, `without ${key}`).toBe(false);
  }
  expect(schema.safeParse({ ...payload, is_export: "false" }).success).toBe(false);
});

test("account_user.created v1 splices USER into the payload rather than nesting it", () => {
  const schema = eventCatalogue["account_user.created"].v1;
  const user = { user_id: 1, user_email: "a@example.com", user_number: "U-1", linked_accounts: [] };
  expect(schema.safeParse(user).success).toBe(true);
  expect(schema.safeParse({ user }).success).toBe(false);
});

test("flex_device.registered v1 has an optional object field named payload", () => {
  const schema = eventCatalogue["flex_device.registered"].v1;
  const device = {
    account_number: "A-1",
    property_id: 2,
    device_id: "d",
    site_id: "s",
    device_type: "EV",
  };
  expect(schema.safeParse(device).success).toBe(true);
  expect(schema.safeParse({ ...device, payload: { any: "thing" } }).success).toBe(true);
});

test("events the catalogue shows only in later versions have no v1", () => {
  expect(Object.keys(eventCatalogue["leads.opportunity.offer-group.created"])).toEqual(["v2"]);
  expect(Object.keys(eventCatalogue["lifecycle.leave-supplier.completed"])).toEqual(["v3"]);
  expect(Object.keys(eventCatalogue["lifecycle.leave-supplier.requested"])).toEqual(["v2", "v3"]);
});

test("ink.conversation.priority.changed takes non-integer priorities (N)", () => {
  const schema = eventCatalogue["ink.conversation.priority.changed"].v1;
  const payload = { ...examplePayload(schema), old_priority: 0.25, new_priority: 2 };
  expect(schema.safeParse(payload).success).toBe(true);
});

test("meterpoint.gas.cos_gain.mtd_received keeps the documented spelling principle_street", () => {
  const shape = eventCatalogue["meterpoint.gas.cos_gain.mtd_received"].v1.shape;
  expect(Object.keys(shape)).toContain("principle_street");
  expect(Object.keys(shape)).not.toContain("principal_street");
});
