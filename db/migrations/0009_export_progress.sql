ALTER TABLE "exporter_history" ADD COLUMN "exported_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exporter_history" ADD COLUMN "total_count" integer DEFAULT 0 NOT NULL;