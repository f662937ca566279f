import { z } from "zod";

/** The closed set of failure kinds; each maps to one HTTP status and one tRPC code. */
export const ERROR_KINDS = {
  validation: { status: 400, trpc: "BAD_REQUEST" },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED" },
  forbidden: { status: 403, trpc: "FORBIDDEN" },
  not_found: { status: 404, trpc: "NOT_FOUND" },
  conflict: { status: 409, trpc: "CONFLICT" },
  precondition_failed: { status: 412, trpc: "PRECONDITION_FAILED" },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  internal: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  upstream_unavailable: { status: 503, trpc: "INTERNAL_SERVER_ERROR" },
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

export const FieldError = z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() });
export type FieldError = z.infer<typeof FieldError>;

export const ErrorBody = z.object({ detail: z.string(), code: z.string(), errors: z.array(FieldError) });
export type ErrorBody = z.infer<typeof ErrorBody>;

type Options = {
  errors?: FieldError[];
  /** A documented response body that differs from the standard error shape. */
  body?: unknown;
  /** Overrides the kind's status where the spec documents another (e.g. 400 for a vendor failure). */
  status?: number;
  headers?: Record<string, string>;
};

export class ServiceError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly errors: FieldError[];
  readonly body?: unknown;
  readonly status: number;
  readonly headers?: Record<string, string>;

  constructor(kind: ErrorKind, code: string, detail: string, opts: Options = {}) {
    super(detail);
    this.name = "ServiceError";
    this.kind = kind;
    this.code = code;
    this.errors = opts.errors ?? [];
    this.body = opts.body;
    this.status = opts.status ?? ERROR_KINDS[kind].status;
    this.headers = opts.headers;
  }

  toBody(): ErrorBody {
    return { detail: this.message, code: this.code, errors: this.errors };
  }
}

export function fieldError(attr: (string | number)[] | string | null, code: string, detail: string): FieldError {
  return { attr: Array.isArray(attr) ? (attr.length ? attr.join(".") : null) : attr, code, detail };
}

/** One error object per invalid field, with dot paths like `customers.0.landline`. */
export function zodFieldErrors(error: z.ZodError, prefix: (string | number)[] = []): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push(fieldError([...path, key], "unknown_field", `Unknown field '${key}'.`));
      continue;
    }
    const union = plainUnionErrors(issue, path);
    if (union) out.push(...union);
    else out.push(fieldError(path, issueCode(issue), issueDetail(issue)));
  }
  return out;
}

/** zod's own wording for a missing or mistyped field, said the way API clients read it (DRF's words). */
function issueDetail(issue: z.core.$ZodIssue): string {
  const chosen = discriminatorValue(issue);
  if (chosen !== NO_DISCRIMINATOR)
    return chosen === undefined
      ? "This field is required."
      : chosen === null
        ? "This field may not be null."
        : issue.message;
  if (issue.code === "invalid_value" && missingValue(issue)) return "This field is required.";
  if (issue.code === "invalid_value" && issue.input === null) return "This field may not be null.";
  // Production's enums run to hundreds of values: name the value sent, not every choice.
  if (issue.code === "invalid_value" && issue.values.length > 20)
    return `${JSON.stringify(issue.input)} is not a valid choice.`;
  if (issue.code !== "invalid_type" || !issue.message.startsWith("Invalid input: expected ")) return issue.message;
  if (issue.input === undefined) return "This field is required.";
  if (issue.input === null) return "This field may not be null.";
  const got = Array.isArray(issue.input)
    ? "a list"
    : typeof issue.input === "object"
      ? "an object"
      : `a ${typeof issue.input}`;
  const expected =
    issue.expected === "array"
      ? "a list"
      : issue.expected === "object"
        ? "an object"
        : /^[aeiou]/.test(issue.expected)
          ? `an ${issue.expected}`
          : `a ${issue.expected}`;
  return `Expected ${expected}, got ${got}.`;
}

function issueCode(issue: z.core.$ZodIssue): string {
  const custom = (issue as { params?: { code?: string } }).params?.code;
  if (custom) return custom;
  const chosen = discriminatorValue(issue);
  if (chosen !== NO_DISCRIMINATOR)
    return chosen === undefined ? "required" : chosen === null ? "null" : "invalid_choice";
  if (issue.code === "invalid_type")
    return issue.input === undefined ? "required" : issue.input === null ? "null" : "invalid_type";
  if (issue.code === "too_small") {
    if (issue.origin === "string" && issue.minimum === 1) return "blank";
    if (issue.origin === "array") return "too_few_items";
    return "min_value";
  }
  if (issue.code === "too_big")
    return issue.origin === "array" ? "too_many_items" : issue.origin === "string" ? "max_length" : "max_value";
  if (issue.code === "invalid_value")
    return missingValue(issue) ? "required" : issue.input === null ? "null" : "invalid_choice";
  if (issue.code === "invalid_format") return `invalid_${issue.format}`;
  return "invalid";
}

/**
 * An enum or literal with no value at all: only a parse with reportInput keeps `input` on the
 * issue (undefined for a missing field); without it the issue says nothing, and a wrong
 * choice is the safer reading.
 */
const missingValue = (issue: z.core.$ZodIssue) => "input" in issue && issue.input === undefined;

const NO_DISCRIMINATOR = Symbol("no discriminator");

/**
 * A discriminated union (production's `oneOf` by `type`) that matched no option reports the
 * discriminator's path: its value, read from the reported input (the object), tells a missing
 * field from a wrong one. Without the input it counts as a wrong choice.
 */
function discriminatorValue(issue: z.core.$ZodIssue): unknown {
  if (issue.code !== "invalid_union" || !("discriminator" in issue) || typeof issue.discriminator !== "string")
    return NO_DISCRIMINATOR;
  const input = issue.input;
  if (input === null || typeof input !== "object") return "";
  return (input as Record<string, unknown>)[issue.discriminator];
}

export function validationError(
  error: z.ZodError,
  code = "invalid",
  detail = "The request failed validation.",
  prefix: (string | number)[] = [],
) {
  return new ServiceError("validation", code, detail, { errors: zodFieldErrors(error, prefix) });
}

/**
 * safeParse, with the input kept on each issue when it fails: reportInput lets the error
 * mapper tell a missing field ("required") from a wrong type, but it halves zod's speed,
 * so valid input (the hot path) is parsed without it and only a failure is parsed again.
 */
export function safeParseReporting<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  const fast = schema.safeParse(input);
  return fast.success ? fast : schema.safeParse(input, { reportInput: true });
}

/** Parses with a zod schema, throwing the documented 400 shape on failure. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code = "invalid",
  detail?: string,
): z.infer<S> {
  const result = safeParseReporting(schema, input);
  if (!result.success) throw validationError(result.error, code, detail);
  return result.data;
}

/**
 * A union without a discriminator that failed as a whole, said about its fields instead of
 * zod's bare "Invalid input" at the union: a missing value is `required`, a value of none of
 * its plain types (production's decimal: a string or a JSON number) `invalid_type`, and an
 * object that fits none of its object types (production's Business) gets the errors of the
 * type it came closest to, at their own paths.
 */
function plainUnionErrors(issue: z.core.$ZodIssue, path: (string | number)[]): FieldError[] | undefined {
  if (issue.code !== "invalid_union" || "discriminator" in issue || !("input" in issue)) return undefined;
  if (issue.input === undefined) return [fieldError(path, "required", "This field is required.")];
  if (issue.input === null) return [fieldError(path, "null", "This field may not be null.")];
  const types = issue.errors.map((branch) =>
    branch.length === 1 && branch[0].code === "invalid_type" && !branch[0].path.length ? branch[0].expected : null,
  );
  if (types.length && !types.includes(null)) {
    const got = Array.isArray(issue.input)
      ? "a list"
      : typeof issue.input === "object"
        ? "an object"
        : `a ${typeof issue.input}`;
    return [
      fieldError(
        path,
        "invalid_type",
        `Expected ${[...new Set(types)].map((t) => (/^[aeiou]/.test(t!) ? `an ${t}` : `a ${t}`)).join(" or ")}, got ${got}.`,
      ),
    ];
  }
  const closest = issue.errors
    .filter((b) => !(b.length === 1 && b[0].code === "invalid_type" && !b[0].path.length))
    .sort((a, b) => a.length - b.length)[0];
  return closest ? zodFieldErrors(new z.ZodError(closest), path) : undefined;
}
