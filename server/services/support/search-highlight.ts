import type { SearchTermKind } from "@/db/schema";

/** The matched part of a shown value: [start, end) in UTF-16 units, or null for none. */
export type Highlight = [number, number] | null;

/**
 * Which part of `shown` a search for `query` matched, so the console can mark it: the word
 * for a name, the typed prefix for numbers, e-mails and serials (spaces in the value are
 * skipped as the search skipped them), the outward part for a postcode district, the whole
 * value for a phone number or full postcode (matched after normalising).
 */
export function highlightOf(kind: SearchTermKind, term: string, shown: string, query: string): Highlight {
  if (kind === "name" || kind === "billing_name") {
    const at = shown
      .toLowerCase()
      .search(new RegExp(`(?<![\\p{L}\\p{N}'])${escapeRegExp(term)}(?![\\p{L}\\p{N}'])`, "u"));
    return at < 0 ? null : [at, at + term.length];
  }
  if (kind === "postcode_outward") {
    const outward = shown.trim().split(/\s+/)[0];
    const start = shown.indexOf(outward);
    return outward.replace(/\s/g, "").length === term.length
      ? [start, start + outward.length]
      : [start, start + term.length];
  }
  if (kind === "phone" || kind === "postcode") return [0, shown.length];
  const typed = query.replace(/\s+/g, "").toLowerCase();
  let matched = 0;
  let end = 0;
  for (; end < shown.length && matched < typed.length; end++) {
    const c = shown[end].toLowerCase();
    if (/\s/.test(c)) continue;
    if (c !== typed[matched]) return [0, shown.length];
    matched++;
  }
  return matched === typed.length ? [0, end] : [0, shown.length];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
