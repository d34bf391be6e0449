-- Keeps issue_counts / issue_count_deltas (db/schema/issue.ts) in step with `issues`: statement-level
-- AFTER triggers read the statement's transition tables and append ONE delta row per (project,
-- state, priority) whose number of listed issues changed. Insert-only, so concurrent writers never
-- lock each other here; a bulk insert of 100 000 issues adds at most a few dozen rows. "Listed" is
-- the predicate of the list indexes: not deleted, not archived, not a draft.
CREATE FUNCTION issue_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issue_count_deltas (project_id, state_id, priority, n)
  SELECT project_id, state_id, priority, count(*)
  FROM new_rows
  WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION issue_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issue_count_deltas (project_id, state_id, priority, n)
  SELECT project_id, state_id, priority, sum(n)
  FROM (
    SELECT project_id, state_id, priority, 1 AS n FROM new_rows
    WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
    UNION ALL
    SELECT project_id, state_id, priority, -1 AS n FROM old_rows
    WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
  ) AS d
  GROUP BY 1, 2, 3
  HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION issue_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issue_count_deltas (project_id, state_id, priority, n)
  SELECT project_id, state_id, priority, -count(*)
  FROM old_rows
  WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER issue_counts_insert AFTER INSERT ON issues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER issue_counts_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER issue_counts_delete AFTER DELETE ON issues
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_counts_after_delete();
--> statement-breakpoint
-- Issues that existed before this migration.
INSERT INTO issue_counts (project_id, state_id, priority, n)
SELECT project_id, state_id, priority, count(*)
FROM issues
WHERE deleted_at IS NULL AND archived_at IS NULL AND NOT is_draft
GROUP BY 1, 2, 3;
