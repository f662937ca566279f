// Pure: read by the server page (prefetch, sign-in callback) and by the client list alike.
import type { SearchParams } from "@/app/components/ui/search-params";

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v : undefined);

export const SUPPLIER_STATUSES = ["Ongoing", "Paused", "Complete"] as const;
export const SUPPLIER_SORTS = ["code", "status", "staged", "imported", "failed"] as const;

export type SupplierListParams = { q?: string; status?: string; sort?: string; dir?: string };

/** The suppliers list's search, status filter and sort, from the URL; anything unknown is ignored. */
export function supplierListParams(sp: SearchParams): SupplierListParams {
  const status = one(sp.status);
  const sort = one(sp.sort);
  const dir = one(sp.dir);
  return {
    q: one(sp.q),
    status: SUPPLIER_STATUSES.includes(status as never) ? status : undefined,
    sort: SUPPLIER_SORTS.includes(sort as never) ? sort : undefined,
    dir: dir === "desc" || dir === "asc" ? dir : undefined,
  };
}

type ListedSupplier = {
  code: string;
  name: string;
  status: string;
  counts: { staged: number; imported: number; failed: number };
};

const SORT_VALUE: Record<string, (s: ListedSupplier) => string | number> = {
  code: (s) => s.code,
  status: (s) => s.status,
  staged: (s) => s.counts.staged,
  imported: (s) => s.counts.imported,
  failed: (s) => s.counts.failed,
};

/** The rows the URL asks for: searched (code or name), filtered by status and sorted; ties by code. */
export function selectSuppliers<S extends ListedSupplier>(data: readonly S[], p: SupplierListParams): S[] {
  const text = p.q?.trim().toLowerCase();
  const rows = data.filter(
    (s) => (!p.status || s.status === p.status) && (!text || `${s.code} ${s.name}`.toLowerCase().includes(text)),
  );
  const value = SORT_VALUE[p.sort ?? "code"] ?? SORT_VALUE.code;
  const sign = p.dir === "desc" ? -1 : 1;
  return rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (
      sign * (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y))) ||
      a.code.localeCompare(b.code)
    );
  });
}
