import { isSafeNumber, parse } from "lossless-json";
import { type FieldError, fieldError } from "../errors";

/** A JSON number a double cannot hold exactly; its source text is kept for error reports. */
export class ImpreciseNumber {
  constructor(readonly source: string) {}
  toJSON() {
    return this.source;
  }
}

// 16+ digits or an exponent may not survive JSON.parse; only then pay for the exact parser.
const SUSPICIOUS = /\d(?:\.?\d){15,}|\d[eE][+-]?\d/;
const SUSPICIOUS_NUMBER = /\d(?:\.?\d){15,}|[eE]/;
// A string (skipped) or a number token (group 1).
const TOKEN = /"(?:[^"\\]|\\.)*"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Whether some number token (not text inside a string) might not survive JSON.parse. */
function hasSuspiciousNumber(text: string): boolean {
  if (!SUSPICIOUS.test(text)) return false; // the common case: one native scan
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    if (m[1] !== undefined && SUSPICIOUS_NUMBER.test(m[1])) return true;
  }
  return false;
}

/** JSON.parse, except that a number a double would silently round becomes an ImpreciseNumber. */
export function parseExactJson(text: string): unknown {
  if (!hasSuspiciousNumber(text)) return JSON.parse(text);
  return parse(text, null, (s) => (isSafeNumber(s) ? Number(s) : new ImpreciseNumber(s)));
}

/**
 * One field error per value that cannot be stored as sent: a number a double cannot hold
 * exactly, or a string with a NUL character (PostgreSQL text and jsonb refuse it).
 */
export function unstorableValueErrors(value: unknown, prefix: (string | number)[] = []): FieldError[] {
  const out: FieldError[] = [];
  // One shared path stack: the hot path (nothing wrong) allocates no path arrays.
  const path: (string | number)[] = [...prefix];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.includes("\u0000")) out.push(fieldError([...path], "null_character", "Text may not contain the NUL character (\\u0000)."));
    } else if (v instanceof ImpreciseNumber) {
      out.push(fieldError([...path], "number_precision_exceeded", `The number ${v.source} has more digits than can be stored exactly.`));
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i]);
        path.pop();
      }
    } else if (v && typeof v === "object") {
      for (const k in v) {
        if (k.includes("\u0000")) {
          out.push(fieldError([...path, k.replaceAll("\u0000", "\\u0000")], "null_character", "Field names may not contain the NUL character."));
          continue;
        }
        path.push(k);
        walk((v as Record<string, unknown>)[k]);
        path.pop();
      }
    }
  };
  walk(value);
  return out;
}
