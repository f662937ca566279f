import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { PATH_SEGMENT_BYTES } from "@/db/limits";
import { env } from "@/server/env.mjs";

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
    const bad =
      !rel || /[\\\u0000-\u001f\u007f]/.test(rel) || segments.some((s) => s === "" || s === "." || s === "..");
    if (bad)
      ctx.addIssue({
        code: "custom",
        message: "Enter a relative path like 'folder/file.pdf' (no '..', '.', '//' or '\\').",
        params: { code: "invalid_document_path" },
      });
    // The stores open the path percent-decoded: it must decode, to no control character, in file names a filesystem can hold.
    else if (segments.some((s) => !decodesToFileName(s))) {
      ctx.addIssue({
        code: "custom",
        message: `Each part of the path must be valid percent-encoding, without control characters (such as %00), and at most ${PATH_SEGMENT_BYTES} bytes.`,
        params: { code: "invalid_document_path" },
      });
    }
    // A location is a URL: '?x=1' or '#frag' would be read as a query or fragment and name another file.
    else if (/[?#]/.test(rel))
      ctx.addIssue({
        code: "custom",
        message: "A document path cannot contain '?' or '#'.",
        params: { code: "invalid_document_path" },
      });
  });

const utf8 = new TextEncoder();

function decodesToFileName(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return !/[\u0000-\u001f\u007f]/.test(decoded) && utf8.encode(decoded).length <= PATH_SEGMENT_BYTES;
}

export type ParsedRoot =
  | { scheme: "file"; dir: string; root: string }
  | { scheme: "s3"; bucket: string; prefix: string; root: string };

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

/** The platform's own document folder (the demo set's root): DEMO_DOCUMENT_ROOT, else `.data/documents`. */
export function demoDocumentRoot(): string {
  return (
    env.DEMO_DOCUMENT_ROOT ||
    pathToFileURL(path.resolve(/*turbopackIgnore: true*/ process.cwd(), ".data", "documents")).href
  );
}

/**
 * Where document roots may point (DOCUMENT_ROOT_ALLOWLIST: comma-separated `file:///dir` and
 * `s3://bucket[/prefix]` entries, `s3://` for any bucket). A root is chosen by a tenant's
 * operator, so without this a root of `file:///proc/self` or `file:///` would let the console
 * stream any file the server can read. Default: any s3:// bucket. The platform's own folder
 * (demoDocumentRoot) is always allowed, so `npm start` can load the demo set whatever the list.
 */
export function documentRootAllowlist(): string[] {
  const raw = env.DOCUMENT_ROOT_ALLOWLIST;
  const listed = raw?.trim()
    ? raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : ["s3://"];
  return [...listed, demoDocumentRoot()];
}

/**
 * The stores a document root may point into, in words an operator reads (issue 39 item 8): the
 * console lists them beside the field and a refusal says them, instead of naming the variable.
 */
export function allowedDocumentStores(): string[] {
  const platform = demoDocumentRoot().replace(/\/+$/, "");
  return documentRootAllowlist().map((a) => {
    if (a === demoDocumentRoot())
      return `the platform's own document folder, each organisation only in its own folder: ${platform}/<organisation number>`;
    if (a.startsWith("file://")) return `the server folder ${a} and below`;
    const bucket = a.replace(/^s3:\/\//, "").replace(/\/+$/, "");
    return bucket ? `S3 at ${a.replace(/\/+$/, "")} and below` : "any S3 bucket (s3://bucket/prefix)";
  });
}

/** The refusal of a root outside every allowed store, saying what is allowed. */
export function notAllowedMessage(): string {
  return `This location is outside the document stores this platform allows. A document root may point into ${allowedDocumentStores().join("; or ")}. Leave it blank to use this organisation's own folder, or ask the platform's administrator to allow another store.`;
}

/** The local file a `file://` location names, decoded exactly as it will be opened. */
export function fileOfLocation(location: string): string {
  return path.resolve(/*turbopackIgnore: true*/ decodeURIComponent(new URL(location).pathname));
}

/** True when `file` is `dir` itself or lies below it (lexically, after resolving `..`). */
export function isInside(dir: string, file: string): boolean {
  const rel = path.relative(path.resolve(/*turbopackIgnore: true*/ dir), path.resolve(/*turbopackIgnore: true*/ file));
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Whether a root or a stored location lies under one of the allowed document roots. */
export function isAllowedDocumentLocation(location: string): boolean {
  try {
    if (location.startsWith("file://")) {
      const file = fileOfLocation(location);
      return documentRootAllowlist().some((a) => a.startsWith("file://") && isInside(fileOfLocation(a), file));
    }
    const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(location);
    if (!m) return false;
    const key = `${m[1]}/${m[2] ?? ""}`;
    return documentRootAllowlist().some((a) => {
      const am = /^s3:\/\/(.*)$/.exec(a);
      if (!am) return false;
      const allowed = am[1].replace(/\/+$/, "");
      return allowed === "" || key === allowed || key.startsWith(`${allowed}/`);
    });
  } catch {
    return false;
  }
}

const S3_BUCKET = /^[a-z0-9](?:[a-z0-9.-]{0,61}[a-z0-9])?$/;

/**
 * Why a document root is malformed, or null (ADR 0106). A root is a folder: `file:///dir`
 * (no host) or `s3://bucket/prefix`, with no query, fragment, backslash, control character,
 * empty, `.` or `..` segment, raw or percent-encoded, so that one root names one folder and
 * the canonical form below is exact.
 */
export function documentRootProblem(root: string): string | null {
  if (/[?#\\\u0000-\u001f\u007f]/.test(root))
    return "A document root cannot contain '?', '#', '\\' or control characters.";
  let rest: string;
  if (root.startsWith("file://")) {
    if (!root.startsWith("file:///")) return "A file:// root names a local folder: file:///path (no host).";
    rest = root.slice("file://".length);
  } else if (root.startsWith("s3://")) {
    const [bucket, ...tail] = root.slice("s3://".length).split("/");
    if (!S3_BUCKET.test(bucket)) return "Use an S3 bucket name: up to 63 lower-case letters, digits, '.' and '-'.";
    rest = tail.length ? `/${tail.join("/")}` : "";
  } else return "Use an s3://bucket/prefix or file:///path location.";
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return "The document root has a malformed percent-escape.";
  }
  const segments = decoded.replace(/\/+$/, "").split("/").slice(1);
  if (/[?#\\\u0000-\u001f\u007f]/.test(decoded) || segments.some((s) => s === "" || s === "." || s === "..")) {
    return "A document root is a plain folder: no empty, '.' or '..' segments, '?', '#' or '\\', escaped or not.";
  }
  return null;
}

/**
 * The canonical form of a well-formed root (documentRootProblem is null): `file:///dir/` with
 * the folder decoded, or `s3://bucket/prefix/`, always ending in one `/`, so one root lies
 * under another exactly when its canonical form starts with the other's.
 */
export function canonicalRoot(root: string): string {
  const parsed = parseRoot(root);
  if (parsed.scheme === "file")
    return parsed.dir === "/" ? "file:///" : `file://${path.resolve(/*turbopackIgnore: true*/ parsed.dir)}/`;
  return `s3://${parsed.bucket}/${parsed.prefix ? `${parsed.prefix.replace(/\/+$/, "")}/` : ""}`;
}

/** A stored location in the same canonical terms (a file:// location decoded as it is opened). */
export function canonicalLocation(location: string): string | null {
  try {
    if (location.startsWith("file://")) return `file://${fileOfLocation(location)}`;
    return /^s3:\/\/[^/]+\/./.test(location) ? location : null;
  } catch {
    return null;
  }
}

/** Whether a location lies under one of the canonical roots (an organisation's claims). */
export function isUnderRoots(location: string, roots: readonly string[]): boolean {
  const key = canonicalLocation(location);
  return key !== null && roots.some((r) => key.startsWith(r));
}

/** The platform's own folder for one organisation: `<platform folder>/<organisation number>`. */
export function platformFolderOf(organisationNumber: string): string {
  return `${demoDocumentRoot().replace(/\/+$/, "")}/${encodeURIComponent(organisationNumber)}`;
}

/** A new supplier's root when none is given: its own folder in its organisation's folder of the platform's store. */
export function defaultDocumentRoot(organisationNumber: string, supplierCode: string): string {
  return `${platformFolderOf(organisationNumber)}/${encodeURIComponent(supplierCode)}`;
}
