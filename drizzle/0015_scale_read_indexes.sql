CREATE INDEX "account_import_processes_account_id_index" ON "account_import_processes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_import_processes_supplier_id_created_at_id_index" ON "account_import_processes" USING btree ("supplier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "account_import_processes_supplier_id_updated_at_id_index" ON "account_import_processes" USING btree ("supplier_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "account_import_processes_meter_ids_idx" ON "account_import_processes" USING gin (jsonb_path_query_array("payload", '$.supply_addresses[*].meter_points[*].identifier')) WHERE "account_import_processes"."status" <> 'imported';--> statement-breakpoint
CREATE INDEX "agreements_account_id_index" ON "agreements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "events_organisation_id_occurred_at_seq_index" ON "events" USING btree ("organisation_id","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "events_organisation_type_seq_idx" ON "events" USING btree ("organisation_id",("type" collate "C"),"seq");