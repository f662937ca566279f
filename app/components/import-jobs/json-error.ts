/** Where JSON.parse stopped, as the line and column an editor shows (V8 says "at position N"). */
export function jsonErrorAt(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const m = /position (\d+)/.exec(message);
  const at = m ? Number(m[1]) : text.length;
  const before = text.slice(0, at).split("\n");
  return `The account is not valid JSON: at line ${before.length}, column ${before[before.length - 1].length + 1} (${message.replace(/\s*in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "")}).`;
}
