import { describe, expect, it } from "vitest";
import { auditActionLabel } from "./audit-actions";

describe("audit actions in words", () => {
  it("words the recorded actions", () => {
    expect(auditActionLabel("supplier.status_changed")).toBe("Supplier status changed");
    expect(auditActionLabel("api_key.invalidated")).toBe("API key invalidated");
    expect(auditActionLabel("user.created")).toBe("Console user created");
    expect(auditActionLabel("customer_key.created")).toBe("Customer API key issued");
  });

  it("words an action it has not seen before from its machine name", () => {
    expect(auditActionLabel("api_key.scope_changed")).toBe("API key scope changed");
    expect(auditActionLabel("")).toBe("");
  });
});
