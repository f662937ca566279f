// Pure: read by the server page (prefetch) and by the client table alike.
import type { SearchParams } from "@/app/components/ui/search-params";

export const IMPORT_STATUSES = ["staged", "imported", "failed"] as const;
export const IMPORT_SORTS = ["external_account_number", "created_at", "updated_at"] as const;
export const PAGE_SIZE = 25;

type Status = (typeof IMPORT_STATUSES)[number];
type Sort = (typeof IMPORT_SORTS)[number];

/** The accounts table's state in the URL: filter, search, sort, and the page (a keyset cursor either way, and its number). */
export type ImportTableParams = {
  status?: string;
  q?: string;
  sort?: string;
  dir?: string;
  after?: string;
  before?: string;
  page?: string;
};

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** Anything unknown is ignored, so a hand-edited URL shows the first page rather than an error. */
export function importTableParams(sp: SearchParams): ImportTableParams {
  const status = one(sp.status);
  const sort = one(sp.sort);
  const dir = one(sp.dir);
  const after = one(sp.after);
  const before = after ? undefined : one(sp.before);
  const page = Number(one(sp.page));
  return {
    status: IMPORT_STATUSES.includes(status as Status) ? status : undefined,
    q: one(sp.q),
    sort: IMPORT_SORTS.includes(sort as Sort) ? sort : undefined,
    dir: dir === "asc" || dir === "desc" ? dir : undefined,
    after,
    before,
    page: (after || before) && Number.isInteger(page) && page > 1 ? String(page) : undefined,
  };
}

/** The accountImport.list input for those params: the same on the server (prefetch) and in the browser. */
export function importRowsInput(code: string, p: ImportTableParams) {
  return {
    importSupplier: code,
    status: p.status as Status | undefined,
    search: p.q,
    sort: (p.sort ?? "created_at") as Sort,
    direction: p.dir === "asc" ? ("asc" as const) : ("desc" as const),
    cursor: p.after,
    before: p.before,
    limit: PAGE_SIZE,
  };
}
