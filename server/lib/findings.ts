import { type FieldError, fieldError } from "../errors";

/** Where in a payload: object keys and list indexes, from the object a rule checks. */
export type Path = (string | number)[];

/** One rule's finding: where, production's code, and why in words. */
export type Finding<C extends string = string> = { path: Path; code: C; detail: string };

/**
 * The one vocabulary of every cross-field rule (issue 42 item 5): account-import's rules and
 * the transactions' line-item and supply-charge rules add findings here; a caller reads them
 * as field errors (`errors`, at their dotted attrs) or pushes them as zod issues (`found`,
 * relative to the object checked).
 */
export class Findings<C extends string = string> {
  readonly found: Finding<C>[] = [];
  add(path: Path, code: C, detail: string) {
    this.found.push({ path, code, detail });
  }
  get errors(): FieldError[] {
    return this.found.map((f) => fieldError(f.path, f.code, f.detail));
  }
}
