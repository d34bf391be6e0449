CREATE TABLE "issue_count_deltas" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"state_id" uuid,
	"priority" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_counts" (
	"project_id" uuid NOT NULL,
	"state_id" uuid,
	"priority" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "issue_counts_key" UNIQUE NULLS NOT DISTINCT("project_id","state_id","priority")
);
--> statement-breakpoint
CREATE INDEX "issue_count_deltas_project_id_index" ON "issue_count_deltas" USING btree ("project_id");