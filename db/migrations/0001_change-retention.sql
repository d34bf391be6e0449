CREATE TABLE "change_retention" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"pruned_through" bigint NOT NULL,
	"pruned_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
