import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { documentRoots, organisations } from "@/db/schema";
import { ServiceError, fieldError } from "../../errors";
import { canonicalRoot, demoDocumentRoot, parseRoot, platformFolderOf } from "./locations";
import { isRealFolder } from "./real-path";

/** Same key as trigger document_roots_no_overlap's lock: claims are checked one at a time. */
const CLAIM_LOCK = 727274010;

const refuse = (kind: "validation" | "conflict", code: string, detail: string) =>
  new ServiceError(kind, code, detail, { errors: [fieldError("documentRoot", code, detail)] });

/**
 * Claims a supplier's document root for its organisation and returns the claim's id (ADR 0106).
 * Inside the platform's own folder an organisation may use only its subfolder; elsewhere a
 * root may not lie in, or contain, a root another organisation holds. The organisation keeps
 * its claims (even after a supplier moves), so what it stored stays its own. A file:// root is
 * claimed by its real path: one that is or passes through a symbolic link is refused (ADR 0108).
 */
export async function claimDocumentRoot(tx: Db, organisationId: number, root: string): Promise<number> {
  const key = canonicalRoot(root);
  const [org] = await tx
    .select({ number: organisations.number })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const platform = canonicalRoot(demoDocumentRoot());
  const own = canonicalRoot(platformFolderOf(org.number));
  if ((key.startsWith(platform) && !key.startsWith(own)) || platform.startsWith(key)) {
    throw refuse(
      "validation",
      "document_root_not_allowed",
      `In the platform's document folder this organisation may only use its own folder, ${own}.`,
    );
  }
  // Files are compared by their real paths: a root through a symbolic link would take its
  // target's identity (another organisation's folder, /etc), so it must be written as its real path.
  const parsed = parseRoot(root);
  if (parsed.scheme === "file" && !(await isRealFolder(parsed.dir))) {
    throw refuse(
      "validation",
      "document_root_not_real_path",
      "This folder is, or passes through, a symbolic link; give the folder's real path.",
    );
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
  const [rival] = await tx
    .select({ id: documentRoots.id })
    .from(documentRoots)
    .where(
      and(
        ne(documentRoots.organisationId, organisationId),
        or(
          sql`starts_with(${key}::text, ${documentRoots.root})`,
          sql`starts_with(${documentRoots.root}, ${key}::text)`,
        ),
      ),
    )
    .limit(1);
  if (rival)
    throw refuse(
      "conflict",
      "document_root_in_use",
      "This document root overlaps one that another organisation uses; choose a folder or prefix of your own.",
    );
  const [inserted] = await tx
    .insert(documentRoots)
    .values({ organisationId, root: key })
    .onConflictDoNothing()
    .returning({ id: documentRoots.id });
  if (inserted) return inserted.id;
  const [mine] = await tx
    .select({ id: documentRoots.id })
    .from(documentRoots)
    .where(and(eq(documentRoots.organisationId, organisationId), eq(documentRoots.root, key)));
  return mine.id;
}

/** The canonical roots an organisation owns: only documents under them are served to it. */
export async function ownedRoots(db: Db, organisationId: number): Promise<string[]> {
  const rows = await db
    .select({ root: documentRoots.root })
    .from(documentRoots)
    .where(eq(documentRoots.organisationId, organisationId));
  return rows.map((r) => r.root);
}
