import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { isValid as isValidPostcode } from "postcode";
import { z } from "zod";
import { decimalText } from "../../../lib/money";
import { isValidDate, parseLondonDateTime } from "../../../lib/time";
import { isValidMpan, isValidMprn, pushIssue } from "../../../lib/validators";
import { mpanProblem, mprnProblem, phoneProblem, postcodeProblem, quoted } from "../../../lib/value-problems";
import { CODES } from "./error-codes";
import { INT4 } from "@/db/limits";

/**
 * The field types of production's data-import schemas (production-data-import.md), each
 * with the code production's validators emit. Values are kept as sent: a decimal sent as a
 * JSON number stays a number in the staged payload; only the mapping into tables converts.
 */

/** A string of at most `max` characters; `blank: false` (a required field) refuses "" and whitespace. */
export const Str = (max?: number, opts: { blank?: boolean } = {}) => {
  const s = max === undefined ? z.string() : z.string().max(max);
  if (opts.blank !== false) return s;
  return s.check((p) => {
    if (p.value.trim().length === 0) pushIssue(p, CODES.blank, "This field may not be blank.");
  });
};

export const DateStr = z.string().check((p) => {
  if (!isValidDate(p.value))
    pushIssue(p, "invalid_date", `${quoted(p.value)} is not a date: give it as YYYY-MM-DD, e.g. 2026-01-31.`);
});

export const DateTimeStr = z.string().check((p) => {
  if (parseLondonDateTime(p.value) === null)
    pushIssue(
      p,
      "invalid_datetime",
      `${quoted(p.value)} is not a date and time: give it in ISO 8601, e.g. 2026-01-31T09:30:00Z.`,
    );
});

export const TimeStr = z.string().check((p) => {
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/.test(p.value))
    pushIssue(p, "invalid_time", `${quoted(p.value)} is not a time: give it as HH:MM or HH:MM:SS, e.g. 09:30.`);
});

/**
 * Production's decimal: a string (or JSON number) with at most `digits` digits before the
 * point and `places` after it (pattern `^-?\d{0,N}(?:\.\d{0,M})?$`).
 */
export const Dec = (digits: number, places: number) => {
  const re = new RegExp(`^-?\\d{0,${digits}}(?:\\.\\d{0,${places}})?$`);
  return z.union([z.string(), z.number()]).check((p) => {
    const v = p.value;
    if (typeof v === "number" && !Number.isFinite(v)) return pushIssue(p, "invalid_decimal", "Enter a finite number.");
    const s = typeof v === "number" ? decimalText(v) : v;
    if (s === "" || s === "-" || s === "." || !re.test(s)) {
      pushIssue(
        p,
        "invalid_decimal",
        `Enter a decimal number with at most ${digits} digits before the point and ${places} after it.`,
      );
    }
  });
};

/**
 * A whole number within [min, max], never outside PostgreSQL's integer: nothing in production's
 * schemas is meaningful beyond 2^31, and an integer column refuses it (`Int(0)` was unbounded above).
 */
export const Int = (min: number = INT4.min, max: number = INT4.max) =>
  z.number().int().min(Math.max(min, INT4.min)).max(Math.min(max, INT4.max));

export const JsonObject = z.record(z.string(), z.unknown());

export const Email = (max = 254) =>
  z.email({ error: (i) => `${quoted(String(i.input))} is not an e-mail address (name@domain.example).` }).max(max);

/** An e-mail address the platform would bill to; `blackhole+` addresses are internal test sinks. */
export const BillingEmail = z
  .string()
  .max(254)
  .check((p) => {
    if (!z.email().safeParse(p.value).success)
      return pushIssue(
        p,
        CODES.billing_email_not_valid,
        `${quoted(p.value)} is not an e-mail address (name@domain.example).`,
      );
    if (p.value.toLowerCase().startsWith("blackhole+"))
      pushIssue(
        p,
        CODES.internal_email_address,
        `${quoted(p.value)} is an internal test address (blackhole+…), which cannot be a customer's.`,
      );
  });

export const CustomerEmail = Email(254).check((p) => {
  if (p.value.toLowerCase().startsWith("blackhole+"))
    pushIssue(
      p,
      CODES.internal_email_address,
      `${quoted(p.value)} is an internal test address (blackhole+…), which cannot be a customer's.`,
    );
});

/** A UK phone number (landline, mobile, alternative); blank is allowed (production's default ''). */
export const Phone = z
  .string()
  .max(32)
  .check((p) => {
    if (p.value.trim() === "") return;
    if (parsePhoneNumberFromString(p.value, "GB")?.isValid() !== true)
      pushIssue(p, CODES.invalid_phone_number, phoneProblem(p.value) ?? "Not a valid phone number.");
  });

/** A UK postcode in any spacing and case (normalised when stored). */
export const Postcode = (max: number) =>
  z
    .string()
    .max(max)
    .check((p) => {
      if (!isValidPostcode(p.value.trim()))
        pushIssue(p, CODES.invalid_postcode, postcodeProblem(p.value) ?? "Not a UK postcode.");
    });

/** UK UPRN-style delivery point identifier: capitals and digits only. */
export const DeliveryPointIdentifier = z
  .string()
  .max(11)
  .check((p) => {
    if (!/^[A-Z0-9]+$/.test(p.value))
      pushIssue(
        p,
        CODES.invalid_delivery_point_identifier,
        `${quoted(p.value)} is not a delivery point identifier: use capital letters and digits only.`,
      );
  });

export const Mpan = z.string().check((p) => {
  if (!isValidMpan(p.value))
    pushIssue(p, CODES.invalid_supply_point_identifier, mpanProblem(p.value) ?? "Not an MPAN.");
});

export const Mprn = z.string().check((p) => {
  if (!isValidMprn(p.value))
    pushIssue(p, CODES.invalid_supply_point_identifier, mprnProblem(p.value) ?? "Not an MPRN.");
});

export const MeterSerialNumber = z
  .string()
  .max(32)
  .check((p) => {
    if (p.value.trim() === "") return pushIssue(p, CODES.blank, "This field may not be blank.");
    if (!/^[A-Za-z0-9][A-Za-z0-9 /_.-]*$/.test(p.value))
      pushIssue(
        p,
        CODES.invalid_meter_serial_number,
        `${quoted(p.value)} is not a meter serial number: it must start with a letter or digit and hold only letters, digits, spaces and - / _ .`,
      );
  });

/** A time pattern regime: five digits (e.g. 00001). */
export const Tpr = z.string().check((p) => {
  if (!/^\d{5}$/.test(p.value))
    pushIssue(p, CODES.tpr_not_found, `${quoted(p.value)} is not a TPR: a TPR is five digits, e.g. 00001.`);
});

/** A warm home discount scheme year such as 2017/18. */
export const TaxYear = z.string().check((p) => {
  const m = /^(\d{4})\/(\d{2})$/.exec(p.value);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2]))
    pushIssue(
      p,
      CODES.incorrect_format_for_tax_year,
      `${quoted(p.value)} is not a tax year: give it as YYYY/YY with consecutive years, e.g. 2017/18.`,
    );
});

/** A Companies House number: eight characters, digits or a two-letter prefix and six digits. */
export const CompanyNumber = z
  .string()
  .max(100)
  .check((p) => {
    if (!/^([0-9]{8}|[A-Z]{2}[0-9]{6})$/.test(p.value.trim().toUpperCase()))
      pushIssue(
        p,
        CODES.invalid_company_number,
        `${quoted(p.value)} is not a company number: it is 8 digits, or 2 letters and 6 digits.`,
      );
  });

export const DayOfMonth = z
  .number()
  .int()
  .check((p) => {
    if (p.value < 1 || p.value > 28)
      pushIssue(p, CODES.invalid_day_of_month, `${p.value} is not a collection day: choose a day from 1 to 28.`);
  });

/** A datetime, or a bare date (production's own PSR example sends one). */
export const DateOrDateTimeStr = z.string().check((p) => {
  if (parseLondonDateTime(p.value) === null)
    pushIssue(
      p,
      "invalid_datetime",
      `${quoted(p.value)} is not a date or a date and time: give it in ISO 8601, e.g. 2026-01-31 or 2026-01-31T09:30:00Z.`,
    );
});

/** Any JSON value (production's untyped fields: metadata values, consent types, ...); required when the field is. */
export const AnyJson = z.unknown().check((p) => {
  if (p.value === undefined) pushIssue(p, "required", "This field is required.");
});
