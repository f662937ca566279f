import { parsePhoneNumberFromString, validatePhoneNumberLength } from "libphonenumber-js/max";
import { isValid as isValidPostcode } from "postcode";

/**
 * What is wrong with a value, said with the value and the reason (issue 39 item 5): each
 * function answers null for a good value, else the sentence a migration team reads beside the
 * field. The reason is the one a person can act on: the digit count against what is expected,
 * the check digit that would fit, the part of a postcode that is off.
 */

/** A value as quoted in a message: cut at 40 characters. */
export function quoted(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

/** A phone number (a UK one unless it starts with +), or null when it is valid or blank. */
export function phoneProblem(value: string): string | null {
  const v = value.trim();
  if (v === "") return null;
  const parsed = parsePhoneNumberFromString(v, "GB");
  if (parsed?.isValid()) return null;
  const abroad = v.startsWith("+") && parsed?.country !== "GB" && parsed?.countryCallingCode !== "44";
  // A UK number's digits counting its leading 0 (for +44 numbers too: +44 20 7946 0000 is 020 7946 0000).
  const typed = v.replace(/\D/g, "").length;
  const digits = !abroad && v.startsWith("+") ? typed - 2 + 1 : typed;
  const kind = abroad ? `+${parsed?.countryCallingCode ?? ""} phone number` : "UK phone number";
  const count = `${digits} digit${digits === 1 ? "" : "s"}`;
  const expected = abroad ? "for that country" : "(a UK number has 10 or 11 digits, counting the leading 0)";
  switch (validatePhoneNumberLength(v, "GB")) {
    case "NOT_A_NUMBER":
      return `${quoted(value)} is not a phone number: it needs digits (spaces, brackets, dashes and a leading + are allowed).`;
    case "INVALID_COUNTRY":
      return `${quoted(value)} is not a phone number: ${v.startsWith("+") ? "its + country code is not one in use" : "it does not start with 0 or a + country code"}.`;
    case "TOO_SHORT":
      return `${quoted(value)} is not a valid ${kind}: ${count} is too few ${expected}.`;
    case "TOO_LONG":
      return `${quoted(value)} is not a valid ${kind}: ${count} is too many ${expected}.`;
    case "INVALID_LENGTH":
      return `${quoted(value)} is not a valid ${kind}: no number has ${count} ${expected}.`;
    default:
      if (!abroad && !v.startsWith("+") && !v.startsWith("0"))
        return `${quoted(value)} is not a valid UK phone number: a UK number starts with 0 (or +44).`;
      if (!abroad && digits < 10)
        return `${quoted(value)} is not a valid UK phone number: ${count} is too few ${expected}.`;
      if (!abroad && digits > 11)
        return `${quoted(value)} is not a valid UK phone number: ${count} is too many ${expected}.`;
      return `${quoted(value)} is not a valid ${kind}: ${count} is a possible length, but ${abroad ? "the number" : "its area code or mobile prefix"} is not in a range allocated to phone numbers.`;
  }
}

/** A UK postcode (any spacing and case), or null when valid. */
export function postcodeProblem(value: string): string | null {
  const v = value.trim();
  if (isValidPostcode(v)) return null;
  const compact = v.replace(/\s+/g, "").toUpperCase();
  if (compact === "") return "A postcode is needed here: it is blank.";
  if (!/^[A-Z0-9]+$/.test(compact))
    return `${quoted(value)} is not a UK postcode: it holds characters other than letters, digits and a space.`;
  if (compact.length < 5)
    return `${quoted(value)} is not a UK postcode: it is too short (a postcode is 5 to 7 letters and digits, e.g. SW1A 1AA).`;
  if (compact.length > 7)
    return `${quoted(value)} is not a UK postcode: it is too long (a postcode is 5 to 7 letters and digits, e.g. SW1A 1AA).`;
  if (!/\d[A-Z]{2}$/.test(compact))
    return `${quoted(value)} is not a UK postcode: its last three characters must be a digit and two letters (the inward code, e.g. 1AA).`;
  return `${quoted(value)} is not a UK postcode: its first part (the outward code, e.g. SW1A) is not a postcode area and district.`;
}

const MPAN_WEIGHTS = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43];

/** The check digit an MPAN core's first twelve digits call for. */
export function mpanCheckDigit(first12: string): number {
  return (MPAN_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first12[i]), 0) % 11) % 10;
}

/** An MPAN core, or null when valid. */
export function mpanProblem(value: string): string | null {
  const v = value.trim();
  if (!/^\d+$/.test(v)) return `${quoted(value)} is not an MPAN: an MPAN core is 13 digits and nothing else.`;
  if (v.length !== 13) return `${quoted(value)} is not an MPAN: it has ${v.length} digits, an MPAN core has 13.`;
  const expected = mpanCheckDigit(v);
  return expected === Number(v[12])
    ? null
    : `${quoted(value)} is not an MPAN: its last digit is the check digit, ${expected} for these first twelve, not ${v[12]}.`;
}

/** An MPRN, or null when valid. */
export function mprnProblem(value: string): string | null {
  const v = value.trim();
  if (/^\d{6,10}$/.test(v)) return null;
  if (!/^\d+$/.test(v)) return `${quoted(value)} is not an MPRN: an MPRN is 6 to 10 digits and nothing else.`;
  return `${quoted(value)} is not an MPRN: it has ${v.length} digits, an MPRN has 6 to 10.`;
}
