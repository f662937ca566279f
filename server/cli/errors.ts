import { ServiceError } from "../errors";

type Issue = { path: PropertyKey[]; message: string; code?: string };

/**
 * What the CLI prints on stderr for a failed command: with --json always one JSON object
 * `{detail, code, errors}` (the REST error shape), else a short human message.
 */
export function errorOutput(err: unknown, json: boolean): string {
  if (err instanceof ServiceError) {
    if (json) return JSON.stringify(err.body ?? err.toBody(), null, 2);
    return `error: ${err.message}${err.errors.length ? `\n${err.errors.map((e) => `  ${e.attr ?? "-"}: ${e.detail} (${e.code})`).join("\n")}` : ""}`;
  }
  if (err && typeof err === "object" && "issues" in err) {
    const issues = (err as { issues: Issue[] }).issues;
    if (json) {
      const errors = issues.map((i) => ({
        detail: i.message,
        code: i.code ?? "invalid",
        attr: i.path.map(String).join(".") || null,
      }));
      return JSON.stringify({ detail: "Invalid input.", code: "validation", errors }, null, 2);
    }
    return `error: invalid input\n${issues.map((i) => `  ${i.path.map(String).join(".") || "-"}: ${i.message}`).join("\n")}`;
  }
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { cliCode?: string } | null)?.cliCode ?? "error";
  return json ? JSON.stringify({ detail: message, code, errors: [] }, null, 2) : `error: ${message}`;
}

/** An operator-facing failure (configuration, connection, lock) with a stable code for --json. */
export class CliError extends Error {
  constructor(
    readonly cliCode: string,
    message: string,
  ) {
    super(message);
  }
}
