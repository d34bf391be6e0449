CREATE TABLE "reaction_cursors" (
	"reaction" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"last_change_id" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reaction_cursors_reaction_workspace_id_pk" PRIMARY KEY("reaction","workspace_id")
);
--> statement-breakpoint
ALTER TABLE "changes" ADD COLUMN "mentioned" uuid[];--> statement-breakpoint
-- Upgrades replay nothing: every after-commit reaction starts each existing workspace at its head,
-- except the webhook feed, which keeps its place (its cursors move here from webhook_cursors).
INSERT INTO "reaction_cursors" ("reaction", "workspace_id", "last_change_id")
SELECT r.reaction, w.id, coalesce((SELECT max(c.id) FROM "changes" c WHERE c.workspace_id = w.id), 0)
FROM "workspaces" w CROSS JOIN (VALUES ('notifications'), ('notification-mail'), ('module-cycle-progress')) AS r(reaction);--> statement-breakpoint
INSERT INTO "reaction_cursors" ("reaction", "workspace_id", "last_change_id")
SELECT 'webhooks', w.id, coalesce(wc.last_change_id, (SELECT max(c.id) FROM "changes" c WHERE c.workspace_id = w.id), 0)
FROM "workspaces" w LEFT JOIN "webhook_cursors" wc ON wc.workspace_id = w.id;
