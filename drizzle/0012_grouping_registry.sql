-- issue #24: the group-size triggers count an item's groups with `item_group_keys(i item)`, one row per grouping of
-- the registry (server/modules/items/groupings.ts `itemGroupKeysBody`; __tests__/server/modules/items/groupings.test.ts fails when
-- the installed function and the registry disagree). A new grouping is one more migration that replaces this function
-- with the registry's (`itemGroupKeysMigration`) and counts the items already there in its groups. The item trigger
-- counts an updated row -1 in all its old groups and +1 in all its new ones; `item_group_count_add` drops the groups
-- where that nets to 0, so an update that moves no group records nothing (as before, when the columns were compared).
DROP FUNCTION "item_group_keys"(text, text, integer, text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_group_keys"(i item) RETURNS TABLE (group_by text, group_key text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES ('STATE', i.state),
         ('PRIORITY', i.priority),
         ('MANAGER', 'NONE'),
         ('GOAL', coalesce(i.goal_id::text, 'NONE')),
         ('EXT_TYPE', coalesce(i.ext_service_type, 'NONE'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "item_group_count_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes item_group_count[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.team_id, n.kind, k.group_by, k.group_key, 1)::item_group_count) INTO changes
      FROM new_rows n CROSS JOIN LATERAL item_group_keys(n) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o.team_id, o.kind, k.group_by, k.group_key, -1)::item_group_count) INTO changes
      FROM old_rows o CROSS JOIN LATERAL item_group_keys(o) k;
  ELSE
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                WHERE (o.team_id, o.kind) IS DISTINCT FROM (n.team_id, n.kind)) THEN
      -- Its managers' groups would have to move too; no route moves an item, so this is not supported.
      RAISE EXCEPTION 'item_group_count: an item''s team and kind cannot change';
    END IF;
    SELECT array_agg(ROW(o.team_id, o.kind, k.group_by, k.group_key, k.delta)::item_group_count) INTO changes
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT ok.group_by, ok.group_key, -1 AS delta FROM item_group_keys(o) ok
                          UNION ALL
                          SELECT nk.group_by, nk.group_key, 1 FROM item_group_keys(n) nk) k;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM item_group_count_add(changes, TG_OP = 'DELETE');
  END IF;
  RETURN NULL;
END $$;
