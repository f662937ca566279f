import { describe, expect, it } from "vitest";
import { auditActionLabel } from "./audit-actions";

describe("audit actions in words", () => {
  it("words the recorded actions", () => {
    expect(auditActionLabel("supplier.status_changed")).toBe("Supplier status changed");
    expect(auditActionLabel("api_key.invalidated")).toBe("API key invalidated");
    expect(auditActionLabel("user.created")).toBe("Console user created");
  });

  it("words an action it has not seen before from its machine name", () => {
    expect(auditActionLabel("api_key.scope_changed")).toBe("API key scope changed");
    expect(auditActionLabel("")).toBe("");
  });
});
