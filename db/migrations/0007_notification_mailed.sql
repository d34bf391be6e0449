ALTER TABLE "notifications" ADD COLUMN "mail_wanted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_job_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("receiver_id") WHERE mail_wanted and mailed_at is null;