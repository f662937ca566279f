import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { type FieldError, ServiceError, fieldError } from "../../errors";
import { logger } from "../../logger";
import {
  documentRootAllowlist,
  fileOfLocation,
  isAllowedDocumentLocation,
  isInside,
  isUnderRoots,
  parseRoot,
  resolveDocumentLocation,
} from "./locations";
import { realDir } from "./real-path";
import { s3Client, s3ObjectExists } from "./s3";

export type DocumentRef = { attr: (string | number)[]; path: string };
export type ResolvedDocument = DocumentRef & { location: string };

const CHECK_CONCURRENCY = 16;

/**
 * Errors that say the path cannot name a file (too long, not decodable, a NUL): the client's
 * path is wrong, not the store away, so it is "not in the store" rather than a 503 to retry.
 */
const PATH_ERRORS = new Set([
  "ENAMETOOLONG",
  "EINVAL",
  "ELOOP",
  "ERR_INVALID_ARG_VALUE",
  "ERR_INVALID_ARG_TYPE",
  "ERR_INVALID_URL",
]);
const isPathError = (err: unknown) =>
  err instanceof URIError || PATH_ERRORS.has((err as NodeJS.ErrnoException)?.code ?? "");

async function exists(root: string, rel: string): Promise<boolean> {
  try {
    return await existsUnder(root, rel);
  } catch (err) {
    if (isPathError(err)) return false;
    throw err;
  }
}

async function existsUnder(root: string, rel: string): Promise<boolean> {
  const parsed = parseRoot(root);
  const clean = rel.replace(/^\/+/, "");
  const location = resolveDocumentLocation(root, rel);
  // A root outside the allowed stores holds no documents (a supplier saved before the allowlist).
  if (!isAllowedDocumentLocation(location)) return false;
  if (parsed.scheme === "file") {
    // The same file readDocument will open (the location decoded as a URL, so `%2e%2e` and
    // `%2f` count), and it must stay under the root, symlinks followed.
    const file = fileOfLocation(location);
    if (!isInside(parsed.dir, file)) return false;
    try {
      // A root that has become (or passes through) a symbolic link holds nothing (ADR 0108).
      const dir = await realDir(parsed.dir);
      if (!dir || !(await stat(file)).isFile()) return false;
      return isInside(dir, await realpath(file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR")
        return false;
      throw err;
    }
  }
  return s3ObjectExists(parsed.bucket, parsed.prefix ? `${parsed.prefix}/${clean}` : clean);
}

/** A stored file:// location only opens when it (symlinks followed) is under an allowed root and one of `within`. */
async function allowedFile(location: string, within: readonly string[]): Promise<string | null> {
  if (!isAllowedDocumentLocation(location) || !isUnderRoots(location, within)) return null;
  const file = fileOfLocation(location);
  const real = await realpath(file);
  const under = async (roots: readonly string[], resolve: (dir: string) => Promise<string | null>) => {
    for (const a of roots) {
      if (!a.startsWith("file://")) continue;
      const dir = await resolve(fileOfLocation(a));
      if (dir && isInside(dir, real)) return true;
    }
    return false;
  };
  // The allowlist is the server's own configuration, followed where it links; an organisation's
  // root counts only while its real path is the path it claimed (ADR 0108).
  const followed = (dir: string) => realpath(dir).catch(() => null);
  return (await under(documentRootAllowlist(), followed)) && (await under(within, realDir)) ? real : null;
}

/**
 * Resolves every path against the supplier's document root and checks it exists there.
 * Missing documents become `path_does_not_exist_in_file_store` field errors; a store that
 * cannot be reached is a 503, never a silent pass.
 */
export async function checkDocuments(
  root: string | null,
  refs: DocumentRef[],
): Promise<{ resolved: ResolvedDocument[]; errors: FieldError[] }> {
  // A root its organisation does not own (ADR 0106) holds none of its documents.
  if (root === null) {
    const detail =
      "The import supplier's document root belongs to another organisation; set a document root of your own.";
    return { resolved: [], errors: refs.map((r) => fieldError(r.attr, "document_root_not_owned", detail)) };
  }
  const resolved = refs.map((r) => ({ ...r, location: resolveDocumentLocation(root, r.path) }));
  const found: boolean[] = new Array(refs.length);
  let next = 0;
  const worker = async () => {
    while (next < refs.length) {
      const i = next++;
      found[i] = await exists(root, refs[i].path);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, refs.length) }, worker));
  } catch (err) {
    logger.error("document store check failed", { root, err });
    throw new ServiceError(
      "upstream_unavailable",
      "document_store_unavailable",
      "The document store could not be reached; retry the request.",
      {
        headers: { "Retry-After": "5" },
      },
    );
  }
  // The message names the path as the client sent it (normalised), never the supplier's root.
  const errors = resolved.flatMap((r, i) =>
    found[i]
      ? []
      : [
          fieldError(
            r.attr,
            "path_does_not_exist_in_file_store",
            `No document at '${r.path.replace(/^\/+/, "")}' under the import supplier's document root.`,
          ),
        ],
  );
  return { resolved, errors };
}

const gone = () =>
  new ServiceError("not_found", "document_not_found", "The document is no longer in the document store.");

/**
 * Streams a stored document (a resolved file:// or s3:// location) that lies under one of
 * `within` (the reader's organisation's canonical roots, ADR 0106); 404 when gone or not the
 * reader's, 503 when the store is unreachable.
 */
export async function readDocument(
  location: string,
  within: readonly string[],
): Promise<{ body: ReadableStream<Uint8Array>; size?: number }> {
  try {
    if (location.startsWith("file://")) {
      const file = await allowedFile(location, within);
      if (!file) throw gone();
      const info = await stat(/*turbopackIgnore: true*/ file);
      if (!info.isFile()) throw gone();
      return {
        body: Readable.toWeb(createReadStream(/*turbopackIgnore: true*/ file)) as ReadableStream<Uint8Array>,
        size: info.size,
      };
    }
    const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(location);
    if (!m || !isAllowedDocumentLocation(location) || !isUnderRoots(location, within)) throw gone();
    const out = await s3Client().send(new GetObjectCommand({ Bucket: m[1], Key: m[2] }));
    if (!out.Body) throw gone();
    return { body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: out.ContentLength };
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name;
    if (isPathError(err)) throw gone();
    if (code === "ENOENT" || code === "NoSuchKey" || code === "NotFound") throw gone();
    logger.error("document read failed", { location, err });
    throw new ServiceError(
      "upstream_unavailable",
      "document_store_unavailable",
      "The document store could not be reached; try again shortly.",
    );
  }
}
