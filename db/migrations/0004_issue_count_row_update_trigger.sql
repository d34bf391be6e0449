-- Most UPDATEs of an issue touch neither its project, state, priority nor listed-ness (a rename, a
-- description edit, the version bump when a comment or label changes). The statement-level update
-- trigger of 0002 built transition tables for every one of them; this row-level trigger fires
-- only when one of the counted columns changes, and appends that row's -1 / +1.
DROP TRIGGER issue_counts_update ON issues;
--> statement-breakpoint
DROP FUNCTION issue_counts_after_update();
--> statement-breakpoint
CREATE FUNCTION issue_counts_after_row_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO issue_count_deltas (project_id, state_id, priority, n)
  SELECT d.project_id, d.state_id, d.priority, d.n
  FROM (VALUES
    (OLD.project_id, OLD.state_id, OLD.priority, -1, OLD.deleted_at IS NULL AND OLD.archived_at IS NULL AND NOT OLD.is_draft),
    (NEW.project_id, NEW.state_id, NEW.priority, 1, NEW.deleted_at IS NULL AND NEW.archived_at IS NULL AND NOT NEW.is_draft)
  ) AS d (project_id, state_id, priority, n, listed)
  WHERE d.listed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER issue_counts_update AFTER UPDATE ON issues FOR EACH ROW
  WHEN (
    OLD.project_id IS DISTINCT FROM NEW.project_id
    OR OLD.state_id IS DISTINCT FROM NEW.state_id
    OR OLD.priority IS DISTINCT FROM NEW.priority
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR (OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL)
    OR OLD.is_draft <> NEW.is_draft
  )
  EXECUTE FUNCTION issue_counts_after_row_update();
