import { stat } from "node:fs/promises";
import path from "node:path";
import { type FieldError, ServiceError, fieldError } from "../../errors";
import { logger } from "../../logger";
import { parseRoot, resolveDocumentLocation } from "./locations";
import { s3ObjectExists } from "./s3";

export type DocumentRef = { attr: (string | number)[]; path: string };
export type ResolvedDocument = DocumentRef & { location: string };

const CHECK_CONCURRENCY = 16;

async function exists(root: string, rel: string): Promise<boolean> {
  const parsed = parseRoot(root);
  const clean = rel.replace(/^\/+/, "");
  if (parsed.scheme === "file") {
    try {
      return (await stat(path.join(parsed.dir, clean))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR") return false;
      throw err;
    }
  }
  return s3ObjectExists(parsed.bucket, parsed.prefix ? `${parsed.prefix}/${clean}` : clean);
}

/**
 * Resolves every path against the supplier's document root and checks it exists there.
 * Missing documents become `path_does_not_exist_in_file_store` field errors; a store that
 * cannot be reached is a 503, never a silent pass.
 */
export async function checkDocuments(root: string, refs: DocumentRef[]): Promise<{ resolved: ResolvedDocument[]; errors: FieldError[] }> {
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
    throw new ServiceError("upstream_unavailable", "document_store_unavailable", "The document store could not be reached; retry the request.", {
      headers: { "Retry-After": "5" },
    });
  }
  const errors = resolved.flatMap((r, i) =>
    found[i] ? [] : [fieldError(r.attr, "path_does_not_exist_in_file_store", `No document at ${r.location}.`)],
  );
  return { resolved, errors };
}
