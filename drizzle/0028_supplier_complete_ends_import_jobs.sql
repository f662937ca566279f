-- ADR 0415, 0507. A supplier marked Complete takes no more accounts, for good: its unfinished
-- imports (running or paused, not dry runs) are cancelled with the reason, in the transaction
-- that completes it, by whatever path it is completed. What they did stays done; their pending
-- rows stay pending, in triage. Held by the database so the suppliers service need not know the
-- import jobs (the folder tie of issue 42 item 5).
CREATE OR REPLACE FUNCTION import_jobs_end_with_complete_supplier() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE import_jobs SET status = 'cancelled', end_reason = 'supplier_complete', finished_at = now(), updated_at = now()
  WHERE supplier_id = NEW.id AND status IN ('running', 'paused') AND NOT dry_run;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER import_jobs_end_with_complete_supplier
AFTER UPDATE OF status ON import_suppliers
FOR EACH ROW WHEN (NEW.status = 'Complete' AND OLD.status IS DISTINCT FROM 'Complete')
EXECUTE FUNCTION import_jobs_end_with_complete_supplier();
