import { describe, expect, it } from "vitest";
import { mpanProblem, mprnProblem, phoneProblem, postcodeProblem } from "./value-problems";

// Issue 39 item 5: every message names the value and the reason.
describe("what is wrong with a value, in words", () => {
  it("phone numbers: valid ones pass; each bad one says its value and why", () => {
    for (const ok of [
      "07911 123456",
      "020 7946 0000",
      "+44 20 7946 0000",
      "0161 496 0000",
      "+33 1 23 45 67 89",
      "",
      "  ",
    ])
      expect(phoneProblem(ok), ok).toBeNull();
    expect(phoneProblem("07911 12")).toBe(
      "'07911 12' is not a valid UK phone number: 7 digits is too few (a UK number has 10 or 11 digits, counting the leading 0).",
    );
    expect(phoneProblem("079111234567890")).toBe(
      "'079111234567890' is not a valid UK phone number: 15 digits is too many (a UK number has 10 or 11 digits, counting the leading 0).",
    );
    expect(phoneProblem("call me")).toBe(
      "'call me' is not a phone number: it needs digits (spaces, brackets, dashes and a leading + are allowed).",
    );
    expect(phoneProblem("+999 123")).toBe("'+999 123' is not a phone number: its + country code is not one in use.");
    expect(phoneProblem("12345678901")).toMatch(/^'12345678901' is not a valid UK phone number: /);
    expect(phoneProblem("01000 000000")).toMatch(
      /^'01000 000000' is not a valid UK phone number: .*not in a range allocated/,
    );
  });

  it("postcodes: the part that is off", () => {
    expect(postcodeProblem("SW1A 1AA")).toBeNull();
    expect(postcodeProblem("sw1a1aa")).toBeNull();
    expect(postcodeProblem("SW1")).toBe(
      "'SW1' is not a UK postcode: it is too short (a postcode is 5 to 7 letters and digits, e.g. SW1A 1AA).",
    );
    expect(postcodeProblem("SW1A 1A")).toBe(
      "'SW1A 1A' is not a UK postcode: its last three characters must be a digit and two letters (the inward code, e.g. 1AA).",
    );
    expect(postcodeProblem("SW1A-1AA")).toBe(
      "'SW1A-1AA' is not a UK postcode: it holds characters other than letters, digits and a space.",
    );
    expect(postcodeProblem("")).toBe("A postcode is needed here: it is blank.");
  });

  it("MPANs and MPRNs: the digit count, and the check digit that would fit", () => {
    expect(mpanProblem("1200023305967")).toBeNull();
    expect(mpanProblem("1200023305960")).toBe(
      "'1200023305960' is not an MPAN: its last digit is the check digit, 7 for these first twelve, not 0.",
    );
    expect(mpanProblem("12000233059")).toBe("'12000233059' is not an MPAN: it has 11 digits, an MPAN core has 13.");
    expect(mpanProblem("12-0002")).toBe("'12-0002' is not an MPAN: an MPAN core is 13 digits and nothing else.");
    expect(mprnProblem("9284367008")).toBeNull();
    expect(mprnProblem("12345")).toBe("'12345' is not an MPRN: it has 5 digits, an MPRN has 6 to 10.");
  });
});
