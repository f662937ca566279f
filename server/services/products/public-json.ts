import { randomBytes } from "node:crypto";

const MARK = `@dec${randomBytes(6).toString("hex")}:`;
const MARKED = new RegExp(`"${MARK}(-?\\d+(?:\\.\\d+)?)"`, "g");

/** A numeric column's exact text, written into JSON as a number without passing through a float. */
export class JsonDecimal {
  readonly text: string;
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal: ${text}`);
    this.text = text.includes(".") ? text.replace(/\.?0+$/, "") : text;
  }
}

export const dec = (text: string) => new JsonDecimal(text);

/** JSON.stringify that writes JsonDecimal values as bare JSON numbers. */
export function stringifyWithDecimals(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v instanceof JsonDecimal ? `${MARK}${v.text}` : v)).replace(MARKED, "$1");
}
