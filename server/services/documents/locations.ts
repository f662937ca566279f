import { z } from "zod";

/**
 * A document path relative to the supplier's document root. A leading slash adds no
 * second separator; `..`, `.`, empty segments, backslashes and control characters are
 * refused so a path can never leave the root.
 */
export const DocumentPath = z
  .string()
  .min(1)
  .max(1024)
  .superRefine((p, ctx) => {
    const rel = p.replace(/^\/+/, "");
    const segments = rel.split("/");
    // eslint-disable-next-line no-control-regex
    const bad = !rel || /[\\\u0000-\u001f\u007f]/.test(rel) || segments.some((s) => s === "" || s === "." || s === "..");
    if (bad) ctx.addIssue({ code: "custom", message: "Enter a relative path like 'folder/file.pdf' (no '..', '.', '//' or '\\').", params: { code: "invalid_document_path" } });
  });

export type ParsedRoot = { scheme: "file"; dir: string; root: string } | { scheme: "s3"; bucket: string; prefix: string; root: string };

/** `file:///srv/docs` or `s3://bucket/some/prefix`. */
export function parseRoot(root: string): ParsedRoot {
  const trimmed = root.replace(/\/+$/, "");
  if (trimmed.startsWith("file://")) {
    const url = new URL(`${trimmed}/`);
    return { scheme: "file", dir: decodeURIComponent(url.pathname).replace(/\/+$/, "") || "/", root: trimmed };
  }
  const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(trimmed);
  if (m) return { scheme: "s3", bucket: m[1], prefix: (m[2] ?? "").replace(/^\/+/, ""), root: trimmed };
  throw new Error(`Unsupported document root '${root}'`);
}

/** Root + path with exactly one separator between them. */
export function resolveDocumentLocation(root: string, path: string): string {
  return `${root.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
