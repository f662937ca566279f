CREATE INDEX "account_import_processes_account_id_index" ON "account_import_processes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "agreements_account_id_index" ON "agreements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "events_organisation_id_occurred_at_seq_index" ON "events" USING btree ("organisation_id","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "events_organisation_type_seq_idx" ON "events" USING btree ("organisation_id",("type" collate "C"),"seq");