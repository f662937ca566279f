import { parse } from "lossless-json";
import { type FieldError, ServiceError, fieldError } from "../errors";

/** Deepest nesting of arrays and objects a body may have (this API's bodies need about 6). */
export const MAX_JSON_DEPTH = 64;

/** A JSON number a double cannot hold exactly; its source text is kept for error reports. */
export class ImpreciseNumber {
  constructor(readonly source: string) {}
  toJSON() {
    return this.source;
  }
}

/**
 * JSON.parse, except that it refuses nesting deeper than MAX_JSON_DEPTH (nesting_too_deep) and
 * a key repeated in one object (duplicate_key), and that a number a double would change
 * becomes an ImpreciseNumber. Malformed text throws a SyntaxError.
 */
export function parseExactJson(text: string): unknown {
  // JSON.parse's time grows with the arrays and objects it builds (10 MB of `[` nesting
  // takes seconds), so a body with many of them is checked by a scan that stops at the
  // first one too deep or too many, before anything is built.
  if (countOpenings(text, PRESCAN_ABOVE) > PRESCAN_ABOVE) prescanContainers(text);
  // V8's JSON.parse is iterative, so any depth parses; every walk after it stops at MAX_JSON_DEPTH.
  const value = JSON.parse(text);
  const shape = shapeOf(value);
  if (shape.tooDeep) {
    const path: (string | number)[] = [];
    findTooDeep(value as object, path);
    throw tooDeep(path);
  }
  const scan = scanKeys(text);
  // JSON.parse keeps the last of repeated keys, so the text then holds more keys than the value.
  if (scan.keys !== shape.keys) {
    const path = duplicateKeyPath(text);
    if (path) throw duplicateKey(path);
  }
  // Only a number token with 16+ digits or an exponent can change in a double.
  const mayChange = scan.longNumber || shape.numberInArray || typeof value === "number";
  if (!mayChange || !hasInexactNumber(text)) return markStorable(text, value);
  return parse(text, null, { parseNumber: (s) => (isExactNumber(s) ? Number(s) : new ImpreciseNumber(s)) });
}

/**
 * Parsed values known to hold nothing unstorableValueErrors would report: a body whose text
 * has no `\u0000` or surrogate escape (and no raw lone surrogate) and no inexact number. Its
 * root and the containers directly in it are marked, so a route that checks a list of items
 * one by one (transactions) need not walk them again. A false alarm only means a walk.
 */
const storable = new WeakSet<object>();
const NUL_OR_SURROGATE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

function markStorable(text: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || !isWellFormed(text) || NUL_OR_SURROGATE_ESCAPE.test(text))
    return value;
  storable.add(value);
  for (const v of Object.values(value)) if (typeof v === "object" && v !== null) storable.add(v);
  return value;
}

/** True for a value parseExactJson marked as holding nothing unstorable (see markStorable). */
export const knownStorable = (value: unknown): boolean =>
  typeof value === "object" && value !== null && storable.has(value);

/** Most arrays and objects a body may hold: a 10 MB body of real data has well under 100,000. */
export const MAX_JSON_CONTAINERS = 250_000;

/** Bodies with more `[` and `{` characters than this (in strings or not) are prescanned. */
const PRESCAN_ABOVE = 10_000;

/** `[` and `{` characters in the text, counted natively and no further than past `limit`. */
function countOpenings(text: string, limit: number): number {
  let n = 0;
  for (const c of ["{", "["]) {
    for (let i = text.indexOf(c); i !== -1 && n <= limit; i = text.indexOf(c, i + 1)) n++;
  }
  return n;
}

/**
 * One pass over the text (strings skipped) that throws nesting_too_deep, naming the same
 * path a walk of the parsed value would, or too_many_values, before JSON.parse builds
 * anything. Malformed text is left for JSON.parse to report.
 */
function prescanContainers(text: string) {
  // Per open container: the key or index the scan is inside, and whether it is an array.
  const path: (string | number)[] = [];
  const isArray: boolean[] = [];
  let containers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* \ */) i++;
      const top = isArray.length - 1;
      if (top >= 0 && !isArray[top] && nextNonSpace(text, i + 1) === 58 /* : */) {
        try {
          path[top] = JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          return;
        }
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (isArray.length === MAX_JSON_DEPTH) throw tooDeep(path.slice(0, MAX_JSON_DEPTH));
      if (++containers > MAX_JSON_CONTAINERS) throw tooManyValues();
      isArray.push(c === 91);
      path.push(0);
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      isArray.pop();
      path.pop();
    } else if (c === 44 /* , */ && isArray[isArray.length - 1]) {
      (path[path.length - 1] as number)++;
    }
  }
}

function nextNonSpace(text: string, from: number): number {
  let i = from;
  while (isSpace(text.charCodeAt(i))) i++;
  return text.charCodeAt(i);
}

function tooManyValues() {
  const detail = `A JSON body may hold at most ${MAX_JSON_CONTAINERS.toLocaleString("en-GB")} arrays and objects.`;
  return new ServiceError("validation", "too_many_values", detail, {
    errors: [fieldError(null, "too_many_values", detail)],
  });
}

/**
 * Whether a JSON number token survives as a double: the double's shortest form (String(n),
 * what the services store) has the token's significant digits. 1e20 does; 12345678901234567890
 * and 0.12345678901234567890 do not, nor 1e400 (Infinity) or 1e-400 (0).
 */
export function isExactNumber(token: string): boolean {
  const n = Number(token);
  return Number.isFinite(n) && significantDigits(String(n)) === significantDigits(token);
}

/** A number's mantissa digits without leading and trailing zeros ("-0.0150e3" -> "15"); linear, as tokens can be megabytes long. */
function significantDigits(s: string): string {
  const e = s.search(/[eE]/);
  const digits = (e === -1 ? s : s.slice(0, e)).replace(/[-.]/g, "");
  let start = 0;
  let end = digits.length;
  while (start < end && digits.charCodeAt(start) === 48) start++;
  while (end > start && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(start, end);
}

/** The keys of all objects in a parsed value, whether it nests too deep, and whether an array holds a number. */
function shapeOf(root: unknown) {
  const shape = { keys: 0, tooDeep: false, numberInArray: false };
  const walk = (v: object, depth: number): boolean => {
    if (depth === MAX_JSON_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === "number") shape.numberInArray = true;
        else if (typeof x === "object" && x !== null && !walk(x, depth + 1)) return false;
      }
    } else {
      for (const k in v) {
        shape.keys++;
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === "object" && x !== null && !walk(x, depth + 1)) return false;
      }
    }
    return true;
  };
  if (typeof root === "object" && root !== null) shape.tooDeep = !walk(root, 0);
  return shape;
}

/** Fills path with the way to the first container nested deeper than MAX_JSON_DEPTH (one shared stack: linear). */
function findTooDeep(v: object, path: (string | number)[]): boolean {
  if (path.length === MAX_JSON_DEPTH) return true;
  const entries: Iterable<[string | number, unknown]> = Array.isArray(v) ? v.entries() : Object.entries(v);
  for (const [k, x] of entries) {
    if (typeof x !== "object" || x === null) continue;
    path.push(k);
    if (findTooDeep(x, path)) return true;
    path.pop();
  }
  return false;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * One native search per colon. `keys` counts colons preceded (after whitespace) by a quote:
 * every key's, plus any `\":` inside a string, so never fewer than the keys the text holds.
 * `longNumber`: some such colon is followed by a number token with 16+ digits or an exponent
 * (numbers in arrays are found by shapeOf instead).
 */
function scanKeys(text: string) {
  let keys = 0;
  let longNumber = false;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (isSpace(c)) c = text.charCodeAt(--j);
    if (c !== 34) continue;
    keys++;
    if (longNumber) continue;
    j = i + 1;
    c = text.charCodeAt(j);
    while (isSpace(c)) c = text.charCodeAt(++j);
    if (c === 45) c = text.charCodeAt(++j);
    const start = j;
    while ((c >= 48 && c <= 57) || c === 46) c = text.charCodeAt(++j);
    if (j - start >= 16 || (j > start && (c === 101 || c === 69))) longNumber = true;
  }
  return { keys, longNumber };
}

/** The index just past the string whose opening quote is at i (the text is valid JSON). */
function stringEnd(text: string, i: number): number {
  for (let q = text.indexOf('"', i + 1); ; q = text.indexOf('"', q + 1)) {
    let b = q - 1;
    while (text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1; // not escaped: an even run of backslashes before it
  }
}

// Hand-written lexers below, not regexes: a regex over a multi-megabyte string can exhaust V8's backtracking stack.

/** The path of the first key repeated in its object; the text is valid JSON (JSON.parse took it). */
function duplicateKeyPath(text: string): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  const frames: (Set<string> | null)[] = []; // per open container: its keys so far, null for an array
  let start = 0; // the latest string, a key when a colon follows
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      start = i;
      end = stringEnd(text, i);
      i = end - 1;
    } else if (c === 123 || c === 91) {
      frames.push(c === 123 ? new Set() : null);
      path.push(0);
    } else if (c === 125 || c === 93) {
      frames.pop();
      path.pop();
    } else if (c === 44 && frames[frames.length - 1] === null) {
      path[path.length - 1] = (path[path.length - 1] as number) + 1;
    } else if (c === 58) {
      const raw = text.slice(start + 1, end - 1);
      const key = raw.includes("\\") ? (JSON.parse(text.slice(start, end)) as string) : raw;
      const keys = frames[frames.length - 1]!;
      path[path.length - 1] = key;
      if (keys.has(key)) return path;
      keys.add(key);
    }
  }
  return undefined;
}

const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;

/** Whether some number token (not text inside a string) would change in a double. */
function hasInexactNumber(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i) - 1;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1;
      while (isNumberChar(text.charCodeAt(j))) j++;
      const token = text.slice(i, j);
      if ((token.length > 15 || /[eE]/.test(token)) && !isExactNumber(token)) return true;
      i = j - 1;
    }
  }
  return false;
}

function tooDeep(path: (string | number)[]) {
  const detail = `Arrays and objects may nest at most ${MAX_JSON_DEPTH} deep.`;
  return new ServiceError("validation", "nesting_too_deep", detail, {
    errors: [fieldError(path.map(printable), "nesting_too_deep", detail)],
  });
}

function duplicateKey(path: (string | number)[]) {
  const attr = path.map(printable).join(".");
  return new ServiceError("validation", "duplicate_key", `The field '${attr}' appears more than once in its object.`, {
    errors: [fieldError(attr, "duplicate_key", "This field appears more than once in its object; send it once.")],
  });
}

// String#isWellFormed (Node 20) is ES2024; the project's TypeScript lib is ES2023.
const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

/** A key as it can appear in an attr: NUL and unpaired surrogates escaped as \uXXXX. */
const printable = (k: string | number) =>
  typeof k === "number"
    ? k
    : k.replace(/\u0000|\p{Cs}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * One field error per value that cannot be stored as sent: a number a double cannot hold
 * exactly, or text with a NUL character (PostgreSQL text and jsonb refuse it) or an unpaired
 * UTF-16 surrogate (PostgreSQL would store U+FFFD instead). Stops at MAX_JSON_DEPTH.
 */
export function unstorableValueErrors(value: unknown, prefix: (string | number)[] = []): FieldError[] {
  if (knownStorable(value)) return [];
  const out: FieldError[] = [];
  // One shared path stack: the hot path (nothing wrong) allocates no path arrays.
  const path: (string | number)[] = [...prefix];
  const walk = (v: unknown, depth: number) => {
    if (typeof v === "string") {
      if (v.includes("\u0000"))
        out.push(fieldError([...path], "null_character", "Text may not contain the NUL character (\\u0000)."));
      if (!isWellFormed(v))
        out.push(
          fieldError(
            [...path],
            "unpaired_surrogate",
            "Text may not contain an unpaired UTF-16 surrogate (\\ud800-\\udfff).",
          ),
        );
    } else if (v instanceof ImpreciseNumber) {
      out.push(
        fieldError(
          [...path],
          "number_precision_exceeded",
          `The number ${v.source} has more digits than can be stored exactly.`,
        ),
      );
    } else if (typeof v === "object" && v !== null && depth === MAX_JSON_DEPTH) {
      out.push(
        fieldError([...path], "nesting_too_deep", `Arrays and objects may nest at most ${MAX_JSON_DEPTH} deep.`),
      );
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i], depth + 1);
        path.pop();
      }
    } else if (v && typeof v === "object") {
      for (const k in v) {
        if (k.includes("\u0000") || !isWellFormed(k)) {
          const code = k.includes("\u0000") ? "null_character" : "unpaired_surrogate";
          out.push(
            fieldError(
              [...path, printable(k)],
              code,
              "Field names may not contain the NUL character or an unpaired UTF-16 surrogate.",
            ),
          );
          continue;
        }
        path.push(k);
        walk((v as Record<string, unknown>)[k], depth + 1);
        path.pop();
      }
    }
  };
  walk(value, 0);
  return out;
}
