CREATE TABLE "github_comment_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repository_sync_id" uuid NOT NULL,
	"github_comment_id" bigint NOT NULL,
	"comment_id" uuid NOT NULL,
	"github_updated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_issue_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repository_sync_id" uuid NOT NULL,
	"github_issue_id" bigint NOT NULL,
	"github_issue_number" integer NOT NULL,
	"issue_id" uuid NOT NULL,
	"repo_issue_url" text NOT NULL,
	"github_updated_at" timestamp (3) with time zone,
	"imported" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_label_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repository_sync_id" uuid NOT NULL,
	"github_label_id" bigint NOT NULL,
	"label_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_repositories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"repository_id" bigint,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "github_repository_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"repository_id" uuid NOT NULL,
	"workspace_integration_id" uuid NOT NULL,
	"actor_id" uuid,
	"credentials" text NOT NULL,
	"base_url" text,
	"status" text DEFAULT 'idle' NOT NULL,
	"phase" text,
	"next_url" text,
	"run_id" uuid,
	"run_started_at" timestamp (3) with time zone,
	"last_synced_at" timestamp (3) with time zone,
	"last_run_finished_at" timestamp (3) with time zone,
	"rate_limited_until" timestamp (3) with time zone,
	"last_error" text,
	"labels_imported" integer DEFAULT 0 NOT NULL,
	"issues_imported" integer DEFAULT 0 NOT NULL,
	"issues_updated" integer DEFAULT 0 NOT NULL,
	"comments_imported" integer DEFAULT 0 NOT NULL,
	"pull_requests_skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"title" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"network" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"actor_id" uuid,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "github_comment_syncs" ADD CONSTRAINT "github_comment_syncs_repository_sync_id_github_repository_syncs_id_fk" FOREIGN KEY ("repository_sync_id") REFERENCES "public"."github_repository_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_comment_syncs" ADD CONSTRAINT "github_comment_syncs_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_issue_syncs" ADD CONSTRAINT "github_issue_syncs_repository_sync_id_github_repository_syncs_id_fk" FOREIGN KEY ("repository_sync_id") REFERENCES "public"."github_repository_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_issue_syncs" ADD CONSTRAINT "github_issue_syncs_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_label_syncs" ADD CONSTRAINT "github_label_syncs_repository_sync_id_github_repository_syncs_id_fk" FOREIGN KEY ("repository_sync_id") REFERENCES "public"."github_repository_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_label_syncs" ADD CONSTRAINT "github_label_syncs_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repositories" ADD CONSTRAINT "github_repositories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repositories" ADD CONSTRAINT "github_repositories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repositories" ADD CONSTRAINT "github_repositories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repositories" ADD CONSTRAINT "github_repositories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_repository_id_github_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."github_repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_workspace_integration_id_workspace_integrations_id_fk" FOREIGN KEY ("workspace_integration_id") REFERENCES "public"."workspace_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_integrations" ADD CONSTRAINT "workspace_integrations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "github_comment_syncs_repository_sync_id_github_comment_id_index" ON "github_comment_syncs" USING btree ("repository_sync_id","github_comment_id");--> statement-breakpoint
CREATE INDEX "github_comment_syncs_comment_id_index" ON "github_comment_syncs" USING btree ("comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "github_issue_syncs_repository_sync_id_github_issue_id_index" ON "github_issue_syncs" USING btree ("repository_sync_id","github_issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "github_issue_syncs_repository_sync_id_github_issue_number_index" ON "github_issue_syncs" USING btree ("repository_sync_id","github_issue_number");--> statement-breakpoint
CREATE INDEX "github_issue_syncs_issue_id_index" ON "github_issue_syncs" USING btree ("issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "github_label_syncs_repository_sync_id_github_label_id_index" ON "github_label_syncs" USING btree ("repository_sync_id","github_label_id");--> statement-breakpoint
CREATE INDEX "github_label_syncs_label_id_index" ON "github_label_syncs" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "github_repositories_workspace_id_index" ON "github_repositories" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "github_repositories_project_id_index" ON "github_repositories" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "github_repositories_created_by_index" ON "github_repositories" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "github_repositories_updated_by_index" ON "github_repositories" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "github_repository_syncs_project_id_index" ON "github_repository_syncs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "github_repository_syncs_workspace_id_index" ON "github_repository_syncs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "github_repository_syncs_repository_id_index" ON "github_repository_syncs" USING btree ("repository_id");--> statement-breakpoint
CREATE INDEX "github_repository_syncs_workspace_integration_id_index" ON "github_repository_syncs" USING btree ("workspace_integration_id");--> statement-breakpoint
CREATE INDEX "github_repository_syncs_actor_id_index" ON "github_repository_syncs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "github_repository_syncs_created_by_index" ON "github_repository_syncs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "github_repository_syncs_updated_by_index" ON "github_repository_syncs" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_provider_index" ON "integrations" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "integrations_created_by_index" ON "integrations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "integrations_updated_by_index" ON "integrations" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_integrations_workspace_id_integration_id_index" ON "workspace_integrations" USING btree ("workspace_id","integration_id");--> statement-breakpoint
CREATE INDEX "workspace_integrations_integration_id_index" ON "workspace_integrations" USING btree ("integration_id");--> statement-breakpoint
CREATE INDEX "workspace_integrations_actor_id_index" ON "workspace_integrations" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "workspace_integrations_created_by_index" ON "workspace_integrations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "workspace_integrations_updated_by_index" ON "workspace_integrations" USING btree ("updated_by");