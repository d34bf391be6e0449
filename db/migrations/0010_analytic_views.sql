CREATE TABLE "analytic_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query_dict" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "analytic_views" ADD CONSTRAINT "analytic_views_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytic_views" ADD CONSTRAINT "analytic_views_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytic_views" ADD CONSTRAINT "analytic_views_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytic_views_workspace_id_index" ON "analytic_views" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "analytic_views_deleted_at_index" ON "analytic_views" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "analytic_views_created_by_index" ON "analytic_views" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "analytic_views_updated_by_index" ON "analytic_views" USING btree ("updated_by");