-- Label names become unique per project regardless of case ("Bug" and "bug" are one name).
-- Existing duplicates are renamed first, never merged or deleted: the earliest label of each
-- case-insensitive name (by created_at, then id) keeps it, every later one becomes "<name> (2)",
-- "<name> (3)", … (the first number free in its project), so issue and page links, parents and
-- saved filters stay exactly as they were. The renamed rows get a new version and updated_at.
DO $$
DECLARE
  duplicate record;
  suffix integer;
  candidate text;
BEGIN
  FOR duplicate IN
    SELECT id, project_id, name
    FROM (
      SELECT id, project_id, name,
        row_number() OVER (PARTITION BY project_id, lower(name) ORDER BY created_at, id) AS rank
      FROM labels
      WHERE deleted_at IS NULL AND project_id IS NOT NULL
    ) ranked
    WHERE rank > 1
    ORDER BY project_id, lower(name), rank
  LOOP
    suffix := 2;
    LOOP
      candidate := duplicate.name || ' (' || suffix || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM labels
        WHERE project_id = duplicate.project_id AND deleted_at IS NULL AND lower(name) = lower(candidate)
      );
      suffix := suffix + 1;
    END LOOP;
    UPDATE labels SET name = candidate, version = version + 1, updated_at = now() WHERE id = duplicate.id;
  END LOOP;
END $$;
--> statement-breakpoint
DROP INDEX "labels_project_id_name_index";--> statement-breakpoint
CREATE UNIQUE INDEX "labels_project_id_lower_name_index" ON "labels" USING btree ("project_id",lower("name")) WHERE deleted_at is null and project_id is not null;
