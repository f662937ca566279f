CREATE TABLE "consumption_days" (
	"meter_id" integer NOT NULL,
	"day" date NOT NULL,
	"consumption" numeric(22, 6) NOT NULL,
	"intervals" integer NOT NULL,
	CONSTRAINT "consumption_days_meter_id_day_pk" PRIMARY KEY("meter_id","day")
);
--> statement-breakpoint
CREATE TABLE "consumption_intervals" (
	"meter_id" integer NOT NULL,
	"interval_start" timestamp with time zone NOT NULL,
	"consumption" numeric(16, 6) NOT NULL,
	CONSTRAINT "consumption_intervals_meter_id_interval_start_pk" PRIMARY KEY("meter_id","interval_start"),
	CONSTRAINT "consumption_intervals_half_hour_check" CHECK (extract(epoch from "consumption_intervals"."interval_start")::bigint % 1800 = 0),
	CONSTRAINT "consumption_intervals_consumption_check" CHECK ("consumption_intervals"."consumption" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consumption_meters" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"fuel" text NOT NULL,
	"mpxn" text NOT NULL,
	"serial_number" text NOT NULL,
	CONSTRAINT "consumption_meters_meter_key" UNIQUE("organisation_id","fuel","mpxn","serial_number"),
	CONSTRAINT "consumption_meters_fuel_check" CHECK ("consumption_meters"."fuel" in ('electricity', 'gas'))
);
--> statement-breakpoint
ALTER TABLE "consumption_days" ADD CONSTRAINT "consumption_days_meter_id_consumption_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."consumption_meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_intervals" ADD CONSTRAINT "consumption_intervals_meter_id_consumption_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."consumption_meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_meters" ADD CONSTRAINT "consumption_meters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps consumption_days equal to the London-day totals of consumption_intervals, whoever writes.
-- Each statement recomputes the days it touched; a per-meter advisory lock (taken in meter order,
-- before the recomputing statement's snapshot) makes concurrent writers to one meter recompute in turn.
CREATE FUNCTION consumption_days_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m int[];
  d date[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(s.meter_id), array_agg(s.day) INTO m, d
    FROM (SELECT DISTINCT meter_id, (interval_start AT TIME ZONE 'Europe/London')::date AS day FROM old_rows) s;
  ELSE
    SELECT array_agg(s.meter_id), array_agg(s.day) INTO m, d
    FROM (SELECT DISTINCT meter_id, (interval_start AT TIME ZONE 'Europe/London')::date AS day FROM new_rows) s;
  END IF;
  IF m IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727274302, s.x) FROM (SELECT DISTINCT x FROM unnest(m) AS x ORDER BY x) s;
  WITH agg AS (
    SELECT t.meter_id, t.day, sum(i.consumption) AS total, count(i.meter_id)::int AS n
    FROM unnest(m, d) AS t(meter_id, day)
    LEFT JOIN consumption_intervals i ON i.meter_id = t.meter_id
      AND i.interval_start >= (t.day::timestamp AT TIME ZONE 'Europe/London')
      AND i.interval_start < ((t.day + 1)::timestamp AT TIME ZONE 'Europe/London')
    GROUP BY t.meter_id, t.day
  ), gone AS (
    DELETE FROM consumption_days c USING agg WHERE agg.n = 0 AND c.meter_id = agg.meter_id AND c.day = agg.day
  )
  INSERT INTO consumption_days (meter_id, day, consumption, intervals)
  SELECT agg.meter_id, agg.day, agg.total, agg.n FROM agg WHERE agg.n > 0
  ON CONFLICT (meter_id, day) DO UPDATE SET consumption = excluded.consumption, intervals = excluded.intervals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consumption_days_on_insert AFTER INSERT ON consumption_intervals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_refresh();
--> statement-breakpoint
CREATE TRIGGER consumption_days_on_update AFTER UPDATE ON consumption_intervals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_refresh();
--> statement-breakpoint
CREATE TRIGGER consumption_days_on_delete AFTER DELETE ON consumption_intervals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_refresh();
