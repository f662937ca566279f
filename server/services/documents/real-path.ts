import path from "node:path";
import { realpath } from "node:fs/promises";

const MISSING = new Set(["ENOENT", "ENOTDIR"]);

/**
 * The real path of `dir` as far as it exists: its deepest existing ancestor with symbolic links
 * resolved, and the part not yet created appended as written. A folder that does not exist yet
 * is named by its real parent, so a root claimed before its folder is made is judged the same.
 */
export async function realFolderOf(dir: string): Promise<string> {
  const written = path.resolve(/*turbopackIgnore: true*/ dir);
  let head = written;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(/*turbopackIgnore: true*/ await realpath(head), ...rest);
    } catch (err) {
      const parent = path.dirname(head);
      if (!MISSING.has((err as NodeJS.ErrnoException).code ?? "") || parent === head) throw err;
      rest.unshift(path.basename(head));
      head = parent;
    }
  }
}

/**
 * A document root's folder when its real path is the path written (no symbolic link anywhere
 * on it), else null: a root that is, or passes through, a link takes its target's identity and
 * so is treated as holding nothing (ADR 0108). Null too when the folder does not exist.
 */
export async function realDir(dir: string): Promise<string | null> {
  const written = path.resolve(/*turbopackIgnore: true*/ dir);
  try {
    return (await realpath(written)) === written ? written : null;
  } catch {
    return null;
  }
}

/** Whether a root folder's real path, as far as it exists, is the one written. */
export async function isRealFolder(dir: string): Promise<boolean> {
  try {
    return (await realFolderOf(dir)) === path.resolve(/*turbopackIgnore: true*/ dir);
  } catch {
    return false;
  }
}
