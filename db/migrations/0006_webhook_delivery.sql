CREATE TABLE "webhook_cursors" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"last_change_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "webhook_cursors" ADD CONSTRAINT "webhook_cursors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;