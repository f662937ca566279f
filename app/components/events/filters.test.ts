import { describe, expect, it } from "vitest";
import { eventListInput } from "./filters";

describe("eventListInput", () => {
  it("reads a type prefix typed with capitals or spaces as the lower-case event type", () => {
    expect(eventListInput({ type: "  Account. " }).typePrefix).toBe("account.");
    expect(eventListInput({ type: "DATA_IMPORT.import_process" }).typePrefix).toBe("data_import.import_process");
  });

  it("leaves a blank type out of the query", () => {
    expect(eventListInput({ type: "   " }).typePrefix).toBeUndefined();
    expect(eventListInput({}).typePrefix).toBeUndefined();
  });
});
