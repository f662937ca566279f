/** What the audit log records changes to, as its filter and "On" column name them. */
export const AUDIT_ENTITIES: Record<string, string> = {
  import_supplier: "Supplier",
  api_key: "API key",
  console_user: "Console user",
  product_catalogue: "Product catalogue",
};

export type AuditFilters = { kind?: string; entity?: string };

/** URL filters as the audit.list input; the server page and the client use the same. */
export function auditListInput(f: AuditFilters) {
  return { entityType: f.kind || undefined, entityId: f.entity?.trim() || undefined, limit: 50 };
}
