/** What the audit log records changes to, as its filter and "On" column name them. */
export const AUDIT_ENTITIES: Record<string, string> = {
  import_supplier: "Supplier",
  api_key: "API key",
  console_user: "Console user",
  product_catalogue: "Product catalogue",
  import_job: "Import job",
  cohort: "Cohort",
  account: "Account",
};

/** Where an entry's subject opens in the console, if it has a page. */
export function auditEntityHref(entityType: string, entityId: string): string | null {
  if (entityType === "import_supplier") return `/suppliers/${encodeURIComponent(entityId)}`;
  if (entityType === "import_job") return `/import-jobs/${encodeURIComponent(entityId)}`;
  if (entityType === "cohort") return `/cohorts/${encodeURIComponent(entityId)}`;
  if (entityType === "account") return `/accounts/${encodeURIComponent(entityId)}`;
  return null;
}

export type AuditFilters = { kind?: string; entity?: string };

/** URL filters as the audit.list input; the server page and the client use the same. */
export function auditListInput(f: AuditFilters) {
  return { entityType: f.kind || undefined, entityId: f.entity?.trim() || undefined, limit: 50 };
}
