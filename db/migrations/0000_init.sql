CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"access_token" text,
	"access_token_expired_at" timestamp (3) with time zone,
	"refresh_token" text,
	"refresh_token_expired_at" timestamp (3) with time zone,
	"id_token" text,
	"last_connected_at" timestamp (3) with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"user_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text DEFAULT '' NOT NULL,
	"last_used" timestamp (3) with time zone,
	"expired_at" timestamp (3) with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_service" boolean DEFAULT false NOT NULL,
	"user_type" integer DEFAULT 0 NOT NULL,
	"allowed_rate_limit" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "magic_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"generation_count" integer DEFAULT 1 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text,
	"last_workspace_id" uuid,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"onboarding_step" jsonb DEFAULT '{"profile_complete":false,"workspace_create":false,"workspace_invite":false,"workspace_join":false}'::jsonb NOT NULL,
	"is_onboarded" boolean DEFAULT false NOT NULL,
	"is_tour_completed" boolean DEFAULT false NOT NULL,
	"is_app_rail_docked" boolean DEFAULT true NOT NULL,
	"use_case" text,
	"billing_address_country" text DEFAULT 'INDIA' NOT NULL,
	"billing_address" jsonb,
	"has_billing_address" boolean DEFAULT false NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"notification_view_mode" text DEFAULT 'full' NOT NULL,
	"is_smooth_cursor_enabled" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"start_of_the_week" integer DEFAULT 0 NOT NULL,
	"background_color" text,
	"goals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"product_tour" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_navigation_tour_completed" boolean DEFAULT false NOT NULL,
	"has_marketing_email_consent" boolean DEFAULT false NOT NULL,
	"is_subscribed_to_changelog" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"device_info" jsonb,
	"kind" text DEFAULT 'app' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notification_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_change" boolean DEFAULT true NOT NULL,
	"state_change" boolean DEFAULT true NOT NULL,
	"comment" boolean DEFAULT true NOT NULL,
	"mention" boolean DEFAULT true NOT NULL,
	"issue_completed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"cover_image" text,
	"mobile_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"bot_type" text,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_password_autoset" boolean DEFAULT false NOT NULL,
	"is_password_expired" boolean DEFAULT false NOT NULL,
	"is_password_reset_required" boolean DEFAULT false NOT NULL,
	"is_managed" boolean DEFAULT false NOT NULL,
	"user_timezone" text DEFAULT 'UTC' NOT NULL,
	"last_login_medium" text DEFAULT 'email' NOT NULL,
	"last_login_time" timestamp (3) with time zone,
	"last_login_ip" text,
	"last_login_uagent" text,
	"last_logout_time" timestamp (3) with time zone,
	"last_logout_ip" text,
	"last_active" timestamp (3) with time zone,
	"date_joined" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"token_updated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"instance_id" uuid NOT NULL,
	"role" integer DEFAULT 20 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "instance_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" text,
	"category" text DEFAULT '' NOT NULL,
	"is_encrypted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_name" text DEFAULT '' NOT NULL,
	"instance_id" text NOT NULL,
	"current_version" text DEFAULT '' NOT NULL,
	"latest_version" text,
	"edition" text DEFAULT 'COMMUNITY' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"is_telemetry_enabled" boolean DEFAULT false NOT NULL,
	"is_support_required" boolean DEFAULT false NOT NULL,
	"is_setup_done" boolean DEFAULT false NOT NULL,
	"is_signup_screen_visited" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"last_checked_at" timestamp (3) with time zone,
	"namespace" text,
	"whitelist_emails" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" integer DEFAULT 5 NOT NULL,
	"token" text NOT NULL,
	"message" text,
	"accepted" boolean DEFAULT false NOT NULL,
	"responded_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" integer DEFAULT 5 NOT NULL,
	"company_role" text,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issue_props" jsonb DEFAULT '{"subscribed":true,"assigned":true,"created":true,"all_issues":true}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"getting_started_checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tips" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"explored_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspace_user_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"logo" text,
	"organization_size" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"background_color" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "deploy_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"entity_identifier" uuid,
	"entity_name" text DEFAULT 'project' NOT NULL,
	"anchor" text NOT NULL,
	"is_comments_enabled" boolean DEFAULT false NOT NULL,
	"is_reactions_enabled" boolean DEFAULT false NOT NULL,
	"is_votes_enabled" boolean DEFAULT false NOT NULL,
	"intake" uuid,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_activity_enabled" boolean DEFAULT true NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_identifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" integer DEFAULT 5 NOT NULL,
	"comment" text,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "project_user_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"network" integer DEFAULT 2 NOT NULL,
	"identifier" text NOT NULL,
	"default_assignee_id" uuid,
	"project_lead_id" uuid,
	"emoji" text,
	"icon_prop" jsonb,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"module_view" boolean DEFAULT true NOT NULL,
	"cycle_view" boolean DEFAULT true NOT NULL,
	"issue_views_view" boolean DEFAULT true NOT NULL,
	"page_view" boolean DEFAULT true NOT NULL,
	"intake_view" boolean DEFAULT false NOT NULL,
	"is_time_tracking_enabled" boolean DEFAULT false NOT NULL,
	"is_issue_type_enabled" boolean DEFAULT false NOT NULL,
	"guest_view_all_features" boolean DEFAULT false NOT NULL,
	"cover_image" text,
	"estimate_id" uuid,
	"archive_in" integer DEFAULT 0 NOT NULL,
	"close_in" integer DEFAULT 0 NOT NULL,
	"default_state_id" uuid,
	"archived_at" timestamp (3) with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"external_source" text,
	"external_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"sequence" double precision DEFAULT 65535 NOT NULL,
	"group" text DEFAULT 'backlog' NOT NULL,
	"is_triage" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"external_source" text,
	"external_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid,
	"workspace_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"external_source" text,
	"external_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "estimate_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"key" integer DEFAULT 0 NOT NULL,
	"value" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'categories' NOT NULL,
	"last_used" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "comment_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid,
	"verb" text DEFAULT 'created' NOT NULL,
	"field" text,
	"old_value" text,
	"new_value" text,
	"comment" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issue_comment_id" uuid,
	"old_identifier" uuid,
	"new_identifier" uuid,
	"epoch" double precision,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_assignees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"assignee_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"asset" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime_type" text,
	"storage" text DEFAULT 'disk' NOT NULL,
	"is_uploaded" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid,
	"parent_id" uuid,
	"comment_html" text DEFAULT '<p></p>' NOT NULL,
	"comment_stripped" text DEFAULT '' NOT NULL,
	"comment_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access" text DEFAULT 'INTERNAL' NOT NULL,
	"external_source" text,
	"external_id" text,
	"edited_at" timestamp (3) with time zone,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text,
	"url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"mention_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"related_issue_id" uuid NOT NULL,
	"relation_type" text DEFAULT 'blocked_by' NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_sequences" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"parent_id" uuid,
	"state_id" uuid,
	"estimate_point_id" uuid,
	"name" text NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text,
	"description_json" jsonb,
	"description_binary" "bytea",
	"priority" text DEFAULT 'none' NOT NULL,
	"start_date" date,
	"target_date" date,
	"sequence_id" integer NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"archived_at" timestamp (3) with time zone,
	"is_draft" boolean DEFAULT false NOT NULL,
	"external_source" text,
	"external_id" text,
	"type_id" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(description_stripped, ''))) STORED,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "cycle_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "cycle_user_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp (3) with time zone,
	"end_date" timestamp (3) with time zone,
	"owned_by_id" uuid,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp (3) with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"external_source" text,
	"external_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "module_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "module_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"title" text,
	"url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "module_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "module_user_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"start_date" date,
	"target_date" date,
	"status" text DEFAULT 'planned' NOT NULL,
	"lead_id" uuid,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp (3) with time zone,
	"external_source" text,
	"external_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"display_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rich_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access" integer DEFAULT 0 NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"owned_by_id" uuid,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"anchor" text,
	"archived_at" timestamp (3) with time zone,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "page_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "page_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "page_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"page_id" uuid NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"owned_by_id" uuid,
	"last_saved_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"description_binary" "bytea",
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text,
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description_binary" "bytea",
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text,
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owned_by_id" uuid,
	"access" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"parent_id" uuid,
	"archived_at" timestamp (3) with time zone,
	"is_locked" boolean DEFAULT false NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"external_source" text,
	"external_id" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(description_stripped, ''))) STORED,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"user_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_identifier" uuid,
	"name" text,
	"is_folder" boolean DEFAULT false NOT NULL,
	"sequence" double precision DEFAULT 65535 NOT NULL,
	"parent_id" uuid,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "intake_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" integer DEFAULT -2 NOT NULL,
	"snoozed_till" timestamp (3) with time zone,
	"duplicate_to_id" uuid,
	"source" text DEFAULT 'IN_APP' NOT NULL,
	"source_email" text,
	"external_source" text,
	"external_id" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"receiver_id" uuid NOT NULL,
	"triggered_by_id" uuid,
	"entity_identifier" uuid,
	"entity_name" text DEFAULT 'issue' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"data" jsonb,
	"message_html" text DEFAULT '<p></p>' NOT NULL,
	"message" jsonb,
	"message_stripped" text,
	"sender" text DEFAULT '' NOT NULL,
	"read_at" timestamp (3) with time zone,
	"archived_at" timestamp (3) with time zone,
	"snoozed_till" timestamp (3) with time zone,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dashboard_id" uuid NOT NULL,
	"widget_id" uuid NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"sort_order" double precision DEFAULT 65535 NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"owned_by_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"identifier" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"type_identifier" text DEFAULT 'home' NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_type" text,
	"request_method" text,
	"request_headers" text,
	"request_body" text,
	"response_status" text,
	"response_headers" text,
	"response_body" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret_key" text NOT NULL,
	"project" boolean DEFAULT false NOT NULL,
	"issue" boolean DEFAULT false NOT NULL,
	"module" boolean DEFAULT false NOT NULL,
	"cycle" boolean DEFAULT false NOT NULL,
	"issue_comment" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"version" text DEFAULT 'v1' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "change_retention" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"pruned_through" bigint NOT NULL,
	"pruned_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"audience_user_id" uuid,
	"issue_ids" uuid[],
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"op" text NOT NULL,
	"version" bigint NOT NULL,
	"data" jsonb,
	"actor_id" uuid,
	"client_mutation_id" text,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "changes_op_check" CHECK (op in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "mutation_receipts" (
	"actor_id" uuid NOT NULL,
	"client_mutation_id" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mutation_receipts_actor_id_client_mutation_id_pk" PRIMARY KEY("actor_id","client_mutation_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp (3) with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exporter_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"url" text,
	"key" text DEFAULT '' NOT NULL,
	"token" text NOT NULL,
	"initiated_by_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_preferences" ADD CONSTRAINT "user_notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_admins" ADD CONSTRAINT "instance_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_admins" ADD CONSTRAINT "instance_admins_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_admins" ADD CONSTRAINT "instance_admins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_admins" ADD CONSTRAINT "instance_admins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_configurations" ADD CONSTRAINT "instance_configurations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_configurations" ADD CONSTRAINT "instance_configurations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_properties" ADD CONSTRAINT "workspace_user_properties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_properties" ADD CONSTRAINT "workspace_user_properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_properties" ADD CONSTRAINT "workspace_user_properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_user_properties" ADD CONSTRAINT "workspace_user_properties_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_boards" ADD CONSTRAINT "deploy_boards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_boards" ADD CONSTRAINT "deploy_boards_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_boards" ADD CONSTRAINT "deploy_boards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_boards" ADD CONSTRAINT "deploy_boards_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_identifiers" ADD CONSTRAINT "project_identifiers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_identifiers" ADD CONSTRAINT "project_identifiers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_identifiers" ADD CONSTRAINT "project_identifiers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_identifiers" ADD CONSTRAINT "project_identifiers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_user_properties" ADD CONSTRAINT "project_user_properties_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_default_assignee_id_users_id_fk" FOREIGN KEY ("default_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_lead_id_users_id_fk" FOREIGN KEY ("project_lead_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_default_state_id_states_id_fk" FOREIGN KEY ("default_state_id") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_parent_id_labels_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_points" ADD CONSTRAINT "estimate_points_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_issue_comment_id_issue_comments_id_fk" FOREIGN KEY ("issue_comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_activities" ADD CONSTRAINT "issue_activities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_parent_id_issue_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_links" ADD CONSTRAINT "issue_links_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_links" ADD CONSTRAINT "issue_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_links" ADD CONSTRAINT "issue_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_links" ADD CONSTRAINT "issue_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_links" ADD CONSTRAINT "issue_links_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_mention_id_users_id_fk" FOREIGN KEY ("mention_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reactions" ADD CONSTRAINT "issue_reactions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_related_issue_id_issues_id_fk" FOREIGN KEY ("related_issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_relations" ADD CONSTRAINT "issue_relations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_sequences" ADD CONSTRAINT "issue_sequences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_subscriber_id_users_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_subscribers" ADD CONSTRAINT "issue_subscribers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_parent_id_issues_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_estimate_point_id_estimate_points_id_fk" FOREIGN KEY ("estimate_point_id") REFERENCES "public"."estimate_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_issues" ADD CONSTRAINT "cycle_issues_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_user_properties" ADD CONSTRAINT "cycle_user_properties_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_user_properties" ADD CONSTRAINT "cycle_user_properties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_user_properties" ADD CONSTRAINT "cycle_user_properties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_user_properties" ADD CONSTRAINT "cycle_user_properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_user_properties" ADD CONSTRAINT "cycle_user_properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_user_properties" ADD CONSTRAINT "cycle_user_properties_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_owned_by_id_users_id_fk" FOREIGN KEY ("owned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_issues" ADD CONSTRAINT "module_issues_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_members" ADD CONSTRAINT "module_members_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_user_properties" ADD CONSTRAINT "module_user_properties_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_user_properties" ADD CONSTRAINT "module_user_properties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_user_properties" ADD CONSTRAINT "module_user_properties_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_user_properties" ADD CONSTRAINT "module_user_properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_user_properties" ADD CONSTRAINT "module_user_properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_user_properties" ADD CONSTRAINT "module_user_properties_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_owned_by_id_users_id_fk" FOREIGN KEY ("owned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_labels" ADD CONSTRAINT "page_labels_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_labels" ADD CONSTRAINT "page_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_labels" ADD CONSTRAINT "page_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_labels" ADD CONSTRAINT "page_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_labels" ADD CONSTRAINT "page_labels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_projects" ADD CONSTRAINT "page_projects_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_projects" ADD CONSTRAINT "page_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_projects" ADD CONSTRAINT "page_projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_projects" ADD CONSTRAINT "page_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_projects" ADD CONSTRAINT "page_projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_updates" ADD CONSTRAINT "page_updates_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_owned_by_id_users_id_fk" FOREIGN KEY ("owned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_owned_by_id_users_id_fk" FOREIGN KEY ("owned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_parent_id_favorites_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."favorites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_duplicate_to_id_issues_id_fk" FOREIGN KEY ("duplicate_to_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_triggered_by_id_users_id_fk" FOREIGN KEY ("triggered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owned_by_id_users_id_fk" FOREIGN KEY ("owned_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD CONSTRAINT "webhook_logs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporter_history" ADD CONSTRAINT "exporter_history_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporter_history" ADD CONSTRAINT "exporter_history_initiated_by_id_users_id_fk" FOREIGN KEY ("initiated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporter_history" ADD CONSTRAINT "exporter_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exporter_history" ADD CONSTRAINT "exporter_history_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_provider_account_id_index" ON "accounts" USING btree ("provider","provider_account_id");--> statement-breakpoint
CREATE INDEX "accounts_user_id_index" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_index" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_workspace_id_index" ON "api_tokens" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_index" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_index" ON "api_tokens" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "api_tokens_updated_by_index" ON "api_tokens" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "api_tokens_deleted_at_index" ON "api_tokens" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "magic_codes_email_index" ON "magic_codes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "magic_codes_expires_at_index" ON "magic_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_index" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_index" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_index" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notification_preferences_user_id_index" ON "user_notification_preferences" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_index" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_index" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_created_at_index" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instance_admins_instance_id_user_id_index" ON "instance_admins" USING btree ("instance_id","user_id");--> statement-breakpoint
CREATE INDEX "instance_admins_user_id_index" ON "instance_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "instance_admins_created_by_index" ON "instance_admins" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "instance_admins_updated_by_index" ON "instance_admins" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "instance_configurations_key_index" ON "instance_configurations" USING btree ("key");--> statement-breakpoint
CREATE INDEX "instance_configurations_category_index" ON "instance_configurations" USING btree ("category");--> statement-breakpoint
CREATE INDEX "instance_configurations_created_by_index" ON "instance_configurations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "instance_configurations_updated_by_index" ON "instance_configurations" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_instance_id_index" ON "instances" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "instances_created_by_index" ON "instances" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "instances_updated_by_index" ON "instances" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_workspace_id_email_index" ON "workspace_invitations" USING btree ("workspace_id","email") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "workspace_invitations_email_index" ON "workspace_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_index" ON "workspace_invitations" USING btree ("token");--> statement-breakpoint
CREATE INDEX "workspace_invitations_deleted_at_index" ON "workspace_invitations" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "workspace_invitations_created_by_index" ON "workspace_invitations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "workspace_invitations_updated_by_index" ON "workspace_invitations" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_workspace_id_member_id_index" ON "workspace_members" USING btree ("workspace_id","member_id");--> statement-breakpoint
CREATE INDEX "workspace_members_member_id_index" ON "workspace_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "workspace_members_role_index" ON "workspace_members" USING btree ("role");--> statement-breakpoint
CREATE INDEX "workspace_members_created_by_index" ON "workspace_members" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "workspace_members_updated_by_index" ON "workspace_members" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_user_properties_workspace_id_user_id_index" ON "workspace_user_properties" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "workspace_user_properties_user_id_index" ON "workspace_user_properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspace_user_properties_created_by_index" ON "workspace_user_properties" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "workspace_user_properties_updated_by_index" ON "workspace_user_properties" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_slug_index" ON "workspaces" USING btree ("slug") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "workspaces_owner_id_index" ON "workspaces" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "workspaces_deleted_at_index" ON "workspaces" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "workspaces_created_by_index" ON "workspaces" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "workspaces_updated_by_index" ON "workspaces" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_boards_anchor_index" ON "deploy_boards" USING btree ("anchor");--> statement-breakpoint
CREATE INDEX "deploy_boards_project_id_index" ON "deploy_boards" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "deploy_boards_workspace_id_index" ON "deploy_boards" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "deploy_boards_entity_name_entity_identifier_index" ON "deploy_boards" USING btree ("entity_name","entity_identifier");--> statement-breakpoint
CREATE INDEX "deploy_boards_created_by_index" ON "deploy_boards" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "deploy_boards_updated_by_index" ON "deploy_boards" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "project_identifiers_workspace_id_name_index" ON "project_identifiers" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "project_identifiers_project_id_index" ON "project_identifiers" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_identifiers_created_by_index" ON "project_identifiers" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "project_identifiers_updated_by_index" ON "project_identifiers" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_project_id_member_id_index" ON "project_members" USING btree ("project_id","member_id");--> statement-breakpoint
CREATE INDEX "project_members_workspace_id_member_id_index" ON "project_members" USING btree ("workspace_id","member_id");--> statement-breakpoint
CREATE INDEX "project_members_member_id_index" ON "project_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "project_members_role_index" ON "project_members" USING btree ("role");--> statement-breakpoint
CREATE INDEX "project_members_created_by_index" ON "project_members" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "project_members_updated_by_index" ON "project_members" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "project_user_properties_project_id_user_id_index" ON "project_user_properties" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "project_user_properties_workspace_id_index" ON "project_user_properties" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "project_user_properties_user_id_index" ON "project_user_properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_user_properties_created_by_index" ON "project_user_properties" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "project_user_properties_updated_by_index" ON "project_user_properties" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_workspace_id_identifier_index" ON "projects" USING btree ("workspace_id","identifier") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_workspace_id_name_index" ON "projects" USING btree ("workspace_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "projects_default_assignee_id_index" ON "projects" USING btree ("default_assignee_id");--> statement-breakpoint
CREATE INDEX "projects_project_lead_id_index" ON "projects" USING btree ("project_lead_id");--> statement-breakpoint
CREATE INDEX "projects_estimate_id_index" ON "projects" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "projects_default_state_id_index" ON "projects" USING btree ("default_state_id");--> statement-breakpoint
CREATE INDEX "projects_archived_at_index" ON "projects" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "projects_network_index" ON "projects" USING btree ("network");--> statement-breakpoint
CREATE INDEX "projects_deleted_at_index" ON "projects" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "projects_created_by_index" ON "projects" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "projects_updated_by_index" ON "projects" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "states_project_id_name_index" ON "states" USING btree ("project_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "states_workspace_id_index" ON "states" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "states_group_index" ON "states" USING btree ("group");--> statement-breakpoint
CREATE INDEX "states_deleted_at_index" ON "states" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "states_created_by_index" ON "states" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "states_updated_by_index" ON "states" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_project_id_name_index" ON "labels" USING btree ("project_id","name") WHERE deleted_at is null and project_id is not null;--> statement-breakpoint
CREATE INDEX "labels_workspace_id_index" ON "labels" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "labels_parent_id_index" ON "labels" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "labels_deleted_at_index" ON "labels" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "labels_created_by_index" ON "labels" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "labels_updated_by_index" ON "labels" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "estimate_points_estimate_id_index" ON "estimate_points" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_points_project_id_index" ON "estimate_points" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "estimate_points_workspace_id_index" ON "estimate_points" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "estimate_points_deleted_at_index" ON "estimate_points" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "estimate_points_created_by_index" ON "estimate_points" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "estimate_points_updated_by_index" ON "estimate_points" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "estimates_project_id_index" ON "estimates" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "estimates_workspace_id_index" ON "estimates" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "estimates_deleted_at_index" ON "estimates" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "estimates_created_by_index" ON "estimates" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "estimates_updated_by_index" ON "estimates" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reactions_comment_id_actor_id_reaction_index" ON "comment_reactions" USING btree ("comment_id","actor_id","reaction") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "comment_reactions_actor_id_index" ON "comment_reactions" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "comment_reactions_project_id_index" ON "comment_reactions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "comment_reactions_workspace_id_index" ON "comment_reactions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "comment_reactions_deleted_at_index" ON "comment_reactions" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "comment_reactions_created_by_index" ON "comment_reactions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "comment_reactions_updated_by_index" ON "comment_reactions" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "issue_activities_issue_id_created_at_index" ON "issue_activities" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_activities_actor_id_created_at_index" ON "issue_activities" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_activities_project_id_created_at_index" ON "issue_activities" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_activities_workspace_id_created_at_index" ON "issue_activities" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_activities_issue_comment_id_index" ON "issue_activities" USING btree ("issue_comment_id");--> statement-breakpoint
CREATE INDEX "issue_activities_created_by_index" ON "issue_activities" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_activities_updated_by_index" ON "issue_activities" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_assignees_issue_id_assignee_id_index" ON "issue_assignees" USING btree ("issue_id","assignee_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issue_assignees_assignee_id_index" ON "issue_assignees" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "issue_assignees_project_id_index" ON "issue_assignees" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_assignees_workspace_id_index" ON "issue_assignees" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_assignees_deleted_at_index" ON "issue_assignees" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_assignees_created_by_index" ON "issue_assignees" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_assignees_updated_by_index" ON "issue_assignees" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "issue_attachments_issue_id_index" ON "issue_attachments" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "issue_attachments_project_id_index" ON "issue_attachments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_attachments_workspace_id_index" ON "issue_attachments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_attachments_deleted_at_index" ON "issue_attachments" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_attachments_created_by_index" ON "issue_attachments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_attachments_updated_by_index" ON "issue_attachments" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "issue_comments_issue_id_created_at_index" ON "issue_comments" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_comments_project_id_index" ON "issue_comments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_comments_workspace_id_index" ON "issue_comments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_comments_actor_id_index" ON "issue_comments" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "issue_comments_parent_id_index" ON "issue_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "issue_comments_deleted_at_index" ON "issue_comments" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_comments_created_by_index" ON "issue_comments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_comments_updated_by_index" ON "issue_comments" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_labels_issue_id_label_id_index" ON "issue_labels" USING btree ("issue_id","label_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issue_labels_label_id_index" ON "issue_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "issue_labels_project_id_index" ON "issue_labels" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_labels_workspace_id_index" ON "issue_labels" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_labels_deleted_at_index" ON "issue_labels" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_labels_created_by_index" ON "issue_labels" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_labels_updated_by_index" ON "issue_labels" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "issue_links_issue_id_index" ON "issue_links" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "issue_links_project_id_index" ON "issue_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_links_workspace_id_index" ON "issue_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_links_deleted_at_index" ON "issue_links" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_links_created_by_index" ON "issue_links" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_links_updated_by_index" ON "issue_links" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_mentions_issue_id_mention_id_index" ON "issue_mentions" USING btree ("issue_id","mention_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issue_mentions_mention_id_index" ON "issue_mentions" USING btree ("mention_id");--> statement-breakpoint
CREATE INDEX "issue_mentions_project_id_index" ON "issue_mentions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_mentions_workspace_id_index" ON "issue_mentions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_mentions_deleted_at_index" ON "issue_mentions" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_mentions_created_by_index" ON "issue_mentions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_mentions_updated_by_index" ON "issue_mentions" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_reactions_issue_id_actor_id_reaction_index" ON "issue_reactions" USING btree ("issue_id","actor_id","reaction") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issue_reactions_actor_id_index" ON "issue_reactions" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "issue_reactions_project_id_index" ON "issue_reactions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_reactions_workspace_id_index" ON "issue_reactions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_reactions_deleted_at_index" ON "issue_reactions" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_reactions_created_by_index" ON "issue_reactions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_reactions_updated_by_index" ON "issue_reactions" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_relations_issue_id_related_issue_id_index" ON "issue_relations" USING btree ("issue_id","related_issue_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issue_relations_related_issue_id_index" ON "issue_relations" USING btree ("related_issue_id");--> statement-breakpoint
CREATE INDEX "issue_relations_relation_type_index" ON "issue_relations" USING btree ("relation_type");--> statement-breakpoint
CREATE INDEX "issue_relations_project_id_index" ON "issue_relations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_relations_workspace_id_index" ON "issue_relations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_relations_deleted_at_index" ON "issue_relations" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_relations_created_by_index" ON "issue_relations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_relations_updated_by_index" ON "issue_relations" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_subscribers_issue_id_subscriber_id_index" ON "issue_subscribers" USING btree ("issue_id","subscriber_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "issue_subscribers_subscriber_id_index" ON "issue_subscribers" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "issue_subscribers_project_id_index" ON "issue_subscribers" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_subscribers_workspace_id_index" ON "issue_subscribers" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issue_subscribers_deleted_at_index" ON "issue_subscribers" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issue_subscribers_created_by_index" ON "issue_subscribers" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issue_subscribers_updated_by_index" ON "issue_subscribers" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_project_id_sequence_id_index" ON "issues" USING btree ("project_id","sequence_id");--> statement-breakpoint
CREATE INDEX "issues_workspace_id_index" ON "issues" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "issues_state_id_index" ON "issues" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "issues_estimate_point_id_index" ON "issues" USING btree ("estimate_point_id");--> statement-breakpoint
CREATE INDEX "issues_priority_index" ON "issues" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "issues_created_at_index" ON "issues" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "issues_updated_at_index" ON "issues" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "issues_target_date_index" ON "issues" USING btree ("target_date");--> statement-breakpoint
CREATE INDEX "issues_start_date_index" ON "issues" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "issues_sort_order_index" ON "issues" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "issues_parent_id_index" ON "issues" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "issues_archived_at_index" ON "issues" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "issues_is_draft_index" ON "issues" USING btree ("is_draft");--> statement-breakpoint
CREATE INDEX "issues_deleted_at_index" ON "issues" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "issues_completed_at_index" ON "issues" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "issues_type_id_index" ON "issues" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "issues_search_vector_index" ON "issues" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "issues_list_created_index" ON "issues" USING btree ("project_id","created_at" DESC NULLS FIRST,"id") WHERE deleted_at is null and archived_at is null and not is_draft;--> statement-breakpoint
CREATE INDEX "issues_list_state_sort_index" ON "issues" USING btree ("project_id","state_id","sort_order","priority","id") WHERE deleted_at is null and archived_at is null and not is_draft;--> statement-breakpoint
CREATE INDEX "issues_created_by_index" ON "issues" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "issues_updated_by_index" ON "issues" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_issues_issue_id_index" ON "cycle_issues" USING btree ("issue_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "cycle_issues_cycle_id_index" ON "cycle_issues" USING btree ("cycle_id");--> statement-breakpoint
CREATE INDEX "cycle_issues_project_id_index" ON "cycle_issues" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cycle_issues_workspace_id_index" ON "cycle_issues" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "cycle_issues_deleted_at_index" ON "cycle_issues" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "cycle_issues_created_by_index" ON "cycle_issues" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "cycle_issues_updated_by_index" ON "cycle_issues" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_user_properties_cycle_id_user_id_index" ON "cycle_user_properties" USING btree ("cycle_id","user_id");--> statement-breakpoint
CREATE INDEX "cycle_user_properties_project_id_index" ON "cycle_user_properties" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cycle_user_properties_workspace_id_index" ON "cycle_user_properties" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "cycle_user_properties_user_id_index" ON "cycle_user_properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cycle_user_properties_created_by_index" ON "cycle_user_properties" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "cycle_user_properties_updated_by_index" ON "cycle_user_properties" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "cycles_project_id_index" ON "cycles" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cycles_workspace_id_index" ON "cycles" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "cycles_owned_by_id_index" ON "cycles" USING btree ("owned_by_id");--> statement-breakpoint
CREATE INDEX "cycles_start_date_index" ON "cycles" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "cycles_end_date_index" ON "cycles" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "cycles_archived_at_index" ON "cycles" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "cycles_deleted_at_index" ON "cycles" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "cycles_created_by_index" ON "cycles" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "cycles_updated_by_index" ON "cycles" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "module_issues_module_id_issue_id_index" ON "module_issues" USING btree ("module_id","issue_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "module_issues_issue_id_index" ON "module_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "module_issues_project_id_index" ON "module_issues" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "module_issues_workspace_id_index" ON "module_issues" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "module_issues_deleted_at_index" ON "module_issues" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "module_issues_created_by_index" ON "module_issues" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "module_issues_updated_by_index" ON "module_issues" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "module_links_module_id_index" ON "module_links" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "module_links_project_id_index" ON "module_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "module_links_workspace_id_index" ON "module_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "module_links_deleted_at_index" ON "module_links" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "module_links_created_by_index" ON "module_links" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "module_links_updated_by_index" ON "module_links" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "module_members_module_id_member_id_index" ON "module_members" USING btree ("module_id","member_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "module_members_member_id_index" ON "module_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "module_members_project_id_index" ON "module_members" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "module_members_workspace_id_index" ON "module_members" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "module_members_deleted_at_index" ON "module_members" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "module_members_created_by_index" ON "module_members" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "module_members_updated_by_index" ON "module_members" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "module_user_properties_module_id_user_id_index" ON "module_user_properties" USING btree ("module_id","user_id");--> statement-breakpoint
CREATE INDEX "module_user_properties_project_id_index" ON "module_user_properties" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "module_user_properties_workspace_id_index" ON "module_user_properties" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "module_user_properties_user_id_index" ON "module_user_properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "module_user_properties_created_by_index" ON "module_user_properties" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "module_user_properties_updated_by_index" ON "module_user_properties" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_project_id_name_index" ON "modules" USING btree ("project_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "modules_workspace_id_index" ON "modules" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "modules_lead_id_index" ON "modules" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "modules_status_index" ON "modules" USING btree ("status");--> statement-breakpoint
CREATE INDEX "modules_archived_at_index" ON "modules" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "modules_deleted_at_index" ON "modules" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "modules_created_by_index" ON "modules" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "modules_updated_by_index" ON "modules" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "views_workspace_id_index" ON "views" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "views_project_id_index" ON "views" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "views_owned_by_id_index" ON "views" USING btree ("owned_by_id");--> statement-breakpoint
CREATE INDEX "views_access_index" ON "views" USING btree ("access");--> statement-breakpoint
CREATE INDEX "views_deleted_at_index" ON "views" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "views_created_by_index" ON "views" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "views_updated_by_index" ON "views" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "page_labels_page_id_label_id_index" ON "page_labels" USING btree ("page_id","label_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "page_labels_label_id_index" ON "page_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "page_labels_workspace_id_index" ON "page_labels" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "page_labels_created_by_index" ON "page_labels" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "page_labels_updated_by_index" ON "page_labels" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "page_projects_page_id_project_id_index" ON "page_projects" USING btree ("page_id","project_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "page_projects_project_id_index" ON "page_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "page_projects_workspace_id_index" ON "page_projects" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "page_projects_deleted_at_index" ON "page_projects" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "page_projects_created_by_index" ON "page_projects" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "page_projects_updated_by_index" ON "page_projects" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "page_updates_page_id_id_index" ON "page_updates" USING btree ("page_id","id");--> statement-breakpoint
CREATE INDEX "page_versions_page_id_last_saved_at_index" ON "page_versions" USING btree ("page_id","last_saved_at");--> statement-breakpoint
CREATE INDEX "page_versions_workspace_id_index" ON "page_versions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "page_versions_owned_by_id_index" ON "page_versions" USING btree ("owned_by_id");--> statement-breakpoint
CREATE INDEX "page_versions_created_by_index" ON "page_versions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "page_versions_updated_by_index" ON "page_versions" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "pages_workspace_id_index" ON "pages" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "pages_owned_by_id_index" ON "pages" USING btree ("owned_by_id");--> statement-breakpoint
CREATE INDEX "pages_parent_id_index" ON "pages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "pages_access_index" ON "pages" USING btree ("access");--> statement-breakpoint
CREATE INDEX "pages_archived_at_index" ON "pages" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "pages_deleted_at_index" ON "pages" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "pages_search_vector_index" ON "pages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "pages_created_by_index" ON "pages" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "pages_updated_by_index" ON "pages" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_entity_type_entity_identifier_user_id_index" ON "favorites" USING btree ("entity_type","entity_identifier","user_id") WHERE entity_identifier is not null;--> statement-breakpoint
CREATE INDEX "favorites_workspace_id_user_id_index" ON "favorites" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "favorites_project_id_index" ON "favorites" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "favorites_user_id_index" ON "favorites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "favorites_entity_identifier_index" ON "favorites" USING btree ("entity_identifier");--> statement-breakpoint
CREATE INDEX "favorites_parent_id_index" ON "favorites" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "favorites_created_by_index" ON "favorites" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "favorites_updated_by_index" ON "favorites" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "intake_issues_intake_id_index" ON "intake_issues" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "intake_issues_issue_id_index" ON "intake_issues" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "intake_issues_project_id_index" ON "intake_issues" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "intake_issues_workspace_id_index" ON "intake_issues" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "intake_issues_status_index" ON "intake_issues" USING btree ("status");--> statement-breakpoint
CREATE INDEX "intake_issues_duplicate_to_id_index" ON "intake_issues" USING btree ("duplicate_to_id");--> statement-breakpoint
CREATE INDEX "intake_issues_deleted_at_index" ON "intake_issues" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "intake_issues_created_by_index" ON "intake_issues" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "intake_issues_updated_by_index" ON "intake_issues" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "intakes_project_id_index" ON "intakes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "intakes_workspace_id_index" ON "intakes" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "intakes_deleted_at_index" ON "intakes" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "intakes_created_by_index" ON "intakes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "intakes_updated_by_index" ON "intakes" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "notifications_receiver_id_workspace_id_created_at_index" ON "notifications" USING btree ("receiver_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_receiver_id_read_at_index" ON "notifications" USING btree ("receiver_id","read_at");--> statement-breakpoint
CREATE INDEX "notifications_workspace_id_index" ON "notifications" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "notifications_project_id_index" ON "notifications" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "notifications_triggered_by_id_index" ON "notifications" USING btree ("triggered_by_id");--> statement-breakpoint
CREATE INDEX "notifications_entity_identifier_index" ON "notifications" USING btree ("entity_identifier");--> statement-breakpoint
CREATE INDEX "notifications_archived_at_index" ON "notifications" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "notifications_snoozed_till_index" ON "notifications" USING btree ("snoozed_till");--> statement-breakpoint
CREATE INDEX "notifications_created_by_index" ON "notifications" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "notifications_updated_by_index" ON "notifications" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_widgets_dashboard_id_widget_id_index" ON "dashboard_widgets" USING btree ("dashboard_id","widget_id");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_widget_id_index" ON "dashboard_widgets" USING btree ("widget_id");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_created_by_index" ON "dashboard_widgets" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_updated_by_index" ON "dashboard_widgets" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "dashboards_workspace_id_index" ON "dashboards" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "dashboards_owned_by_id_index" ON "dashboards" USING btree ("owned_by_id");--> statement-breakpoint
CREATE INDEX "dashboards_type_identifier_index" ON "dashboards" USING btree ("type_identifier");--> statement-breakpoint
CREATE INDEX "dashboards_created_by_index" ON "dashboards" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "dashboards_updated_by_index" ON "dashboards" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "widgets_key_index" ON "widgets" USING btree ("key");--> statement-breakpoint
CREATE INDEX "widgets_created_by_index" ON "widgets" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "widgets_updated_by_index" ON "widgets" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "webhook_logs_workspace_id_index" ON "webhook_logs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "webhook_logs_webhook_id_created_at_index" ON "webhook_logs" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_logs_created_by_index" ON "webhook_logs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "webhook_logs_updated_by_index" ON "webhook_logs" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "webhooks_workspace_id_index" ON "webhooks" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "webhooks_deleted_at_index" ON "webhooks" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "webhooks_created_by_index" ON "webhooks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "webhooks_updated_by_index" ON "webhooks" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "changes_workspace_id_id_index" ON "changes" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "changes_created_at_index" ON "changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mutation_receipts_created_at_index" ON "mutation_receipts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_queue_status_run_at_index" ON "jobs" USING btree ("queue","status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_index" ON "jobs" USING btree ("status","run_at") WHERE status in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "exporter_history_workspace_id_created_at_index" ON "exporter_history" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "exporter_history_initiated_by_id_index" ON "exporter_history" USING btree ("initiated_by_id");--> statement-breakpoint
CREATE INDEX "exporter_history_token_index" ON "exporter_history" USING btree ("token");--> statement-breakpoint
CREATE INDEX "exporter_history_created_by_index" ON "exporter_history" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "exporter_history_updated_by_index" ON "exporter_history" USING btree ("updated_by");