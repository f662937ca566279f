import { describe, expect, it } from "vitest";
import { signInFieldErrors } from "./validate";

describe("sign-in form checks", () => {
  it("asks for each missing field", () => {
    expect(signInFieldErrors("", "")).toEqual({ email: "Enter your e-mail", password: "Enter your password" });
    expect(signInFieldErrors("   ", "secret")).toEqual({ email: "Enter your e-mail" });
    expect(signInFieldErrors("ops@example.com", "")).toEqual({ password: "Enter your password" });
  });

  it("asks for an e-mail address when given something else", () => {
    expect(signInFieldErrors("operator", "secret")).toEqual({ email: "Enter an e-mail address like name@example.com" });
  });

  it("lets a complete form through (the server decides whether it matches)", () => {
    expect(signInFieldErrors(" ops@example.com ", "x")).toEqual({});
  });
});
