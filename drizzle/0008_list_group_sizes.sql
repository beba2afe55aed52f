CREATE TABLE "item_group_count" (
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"group_by" text NOT NULL,
	"group_key" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_group_count_group_idx" ON "item_group_count" USING btree ("team_id","kind","group_by","group_key");--> statement-breakpoint
-- Group sizes of the grouped lists, kept by triggers (hand-written from here on: drizzle-kit cannot express
-- triggers; see `itemGroupCount` in server/db/schema.ts and server/modules/items/list.ts). A group's size is the sum
-- of its rows' `delta`. Every item counts +1 in its STATE, PRIORITY, GOAL and EXT_TYPE groups and, as if it had no
-- manager, in MANAGER NONE; the item_manager triggers count +1 per manager in the member's group and take the item
-- out of MANAGER NONE when it gets its first manager (back in when it loses its last one).
-- The triggers only INSERT each statement's net changes — no row here is ever updated in place — so writers never
-- wait on one another here and cannot deadlock, and the sums are exact in every snapshot. `item_group_count_compact`
-- folds a team's rows into one per group when they pile up.
CREATE FUNCTION "item_group_keys"(state text, priority text, goal_id integer, ext_service_type text)
RETURNS TABLE (group_by text, group_key text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('STATE', state), ('PRIORITY', priority), ('GOAL', coalesce(goal_id::text, 'NONE')),
         ('EXT_TYPE', coalesce(ext_service_type, 'NONE')), ('MANAGER', 'NONE')
$$;--> statement-breakpoint
-- Folds the (team, kind)'s rows into one per group, dropping groups that sum to 0: always when `p_force`, else only
-- when it has more than twice as many rows as groups, plus 32. Rows another compaction holds are skipped (it folds
-- them); rows of transactions still in progress are invisible here and stay as they are. Writers in REPEATABLE READ
-- or SERIALIZABLE transactions leave it to a later READ COMMITTED one (a row deleted since their snapshot began would
-- make them fail).
CREATE FUNCTION "item_group_count_compact"(p_team integer, p_kind text, p_force boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  row_count integer;
  group_count integer;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  IF NOT p_force THEN
    SELECT count(*), count(DISTINCT (c.group_by, c.group_key)) INTO row_count, group_count
      FROM item_group_count c WHERE c.team_id = p_team AND c.kind = p_kind;
    IF row_count <= 2 * group_count + 32 THEN
      RETURN;
    END IF;
  END IF;
  WITH gone AS (
    DELETE FROM item_group_count c
     WHERE c.ctid = ANY (ARRAY(SELECT l.ctid FROM item_group_count l
                                WHERE l.team_id = p_team AND l.kind = p_kind FOR UPDATE SKIP LOCKED))
    RETURNING c.group_by, c.group_key, c.delta)
  INSERT INTO item_group_count (team_id, kind, group_by, group_key, delta)
  SELECT p_team, p_kind, g.group_by, g.group_key, sum(g.delta)
    FROM gone g GROUP BY g.group_by, g.group_key HAVING sum(g.delta) <> 0;
END $$;--> statement-breakpoint
-- Records `changes` (summed per group; groups whose changes cancel out get no row), then compacts the teams touched.
CREATE FUNCTION "item_group_count_add"(changes item_group_count[], force boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    WITH added AS (
      INSERT INTO item_group_count (team_id, kind, group_by, group_key, delta)
      SELECT c.team_id, c.kind, c.group_by, c.group_key, sum(c.delta)
        FROM unnest(changes) c
       GROUP BY c.team_id, c.kind, c.group_by, c.group_key HAVING sum(c.delta) <> 0
      RETURNING team_id, kind)
    SELECT DISTINCT a.team_id, a.kind FROM added a
  LOOP
    PERFORM item_group_count_compact(t.team_id, t.kind, force);
  END LOOP;
END $$;--> statement-breakpoint
-- item, after each statement: inserted rows +1 in their groups, deleted rows -1 (after deletes the team is always
-- compacted, so a deleted team leaves no rows), updated rows whose groups changed -1 in the old ones, +1 in the new.
CREATE FUNCTION "item_group_count_items"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes item_group_count[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.team_id, n.kind, k.group_by, k.group_key, 1)::item_group_count) INTO changes
      FROM new_rows n CROSS JOIN LATERAL item_group_keys(n.state, n.priority, n.goal_id, n.ext_service_type) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o.team_id, o.kind, k.group_by, k.group_key, -1)::item_group_count) INTO changes
      FROM old_rows o CROSS JOIN LATERAL item_group_keys(o.state, o.priority, o.goal_id, o.ext_service_type) k;
  ELSE
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                WHERE (o.team_id, o.kind) IS DISTINCT FROM (n.team_id, n.kind)) THEN
      -- Its managers' groups would have to move too; no route moves an item, so this is not supported.
      RAISE EXCEPTION 'item_group_count: an item''s team and kind cannot change';
    END IF;
    SELECT array_agg(ROW(o.team_id, o.kind, k.group_by, k.group_key, c.delta)::item_group_count) INTO changes
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.state, o.priority, o.goal_id, o.ext_service_type, -1),
                                 (n.state, n.priority, n.goal_id, n.ext_service_type, 1))
                 c(state, priority, goal_id, ext_service_type, delta)
      CROSS JOIN LATERAL item_group_keys(c.state, c.priority, c.goal_id, c.ext_service_type) k
     WHERE (o.state, o.priority, o.goal_id, o.ext_service_type)
           IS DISTINCT FROM (n.state, n.priority, n.goal_id, n.ext_service_type);
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM item_group_count_add(changes, TG_OP = 'DELETE');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- item, before each deleted row: its managers go first (not by the foreign key's cascade, which runs when the item
-- is gone and its team unknown), so the item_manager trigger takes them out of their groups — and only the
-- transaction that actually deletes a manager row counts it, also when a withdrawal deletes it at the same time.
CREATE FUNCTION "item_group_count_release_managers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM item_manager WHERE item_id = OLD.id) THEN
    DELETE FROM item_manager WHERE item_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- item_manager, after each statement: +1 per inserted row and -1 per deleted row in the member's group of the item's
-- team and kind; MANAGER NONE -1 for an item that had no manager before the statement and has one now, +1 the other
-- way round ("before" is now minus the statement's net change). No other transaction changes the same item's
-- managers in between: updates and deletes of an item hold it locked, and withdrawals hold the workspace, which
-- updates lock too (server/modules/items/detail.ts, settings/withdraw.ts).
CREATE FUNCTION "item_group_count_managers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_ids integer[];
  member_ids integer[];
  deltas integer[];
  changes item_group_count[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.item_id), array_agg(n.member_id), array_agg(1) INTO item_ids, member_ids, deltas
      FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.item_id), array_agg(o.member_id), array_agg(-1) INTO item_ids, member_ids, deltas
      FROM old_rows o;
  ELSE
    SELECT array_agg(c.item_id), array_agg(c.member_id), array_agg(c.delta) INTO item_ids, member_ids, deltas
      FROM (SELECT o.item_id, o.member_id, -1 AS delta FROM old_rows o
            UNION ALL SELECT n.item_id, n.member_id, 1 FROM new_rows n) c;
  END IF;
  IF item_ids IS NULL THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT * FROM unnest(item_ids, member_ids, deltas) AS c(item_id, member_id, delta)
  ), per_item AS (
    SELECT c.item_id, sum(c.delta) AS net,
           (SELECT count(*) FROM item_manager m WHERE m.item_id = c.item_id) AS now
      FROM changed c GROUP BY c.item_id
  )
  SELECT array_agg(ROW(i.team_id, i.kind, 'MANAGER', x.group_key, x.delta)::item_group_count) INTO changes
    FROM (SELECT c.item_id, c.member_id::text AS group_key, c.delta FROM changed c
          UNION ALL
          SELECT p.item_id, 'NONE', (p.now = 0)::integer - (p.now - p.net = 0)::integer FROM per_item p) x
    JOIN item i ON i.id = x.item_id;
  IF changes IS NOT NULL THEN
    PERFORM item_group_count_add(changes, false);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "item_group_count_insert" AFTER INSERT ON "item" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_group_count_items();--> statement-breakpoint
CREATE TRIGGER "item_group_count_update" AFTER UPDATE ON "item" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_group_count_items();--> statement-breakpoint
CREATE TRIGGER "item_group_count_delete" AFTER DELETE ON "item" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_group_count_items();--> statement-breakpoint
CREATE TRIGGER "item_group_count_release_managers" BEFORE DELETE ON "item"
  FOR EACH ROW EXECUTE FUNCTION item_group_count_release_managers();--> statement-breakpoint
CREATE TRIGGER "item_group_count_insert" AFTER INSERT ON "item_manager" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_group_count_managers();--> statement-breakpoint
CREATE TRIGGER "item_group_count_update" AFTER UPDATE ON "item_manager"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_group_count_managers();--> statement-breakpoint
CREATE TRIGGER "item_group_count_delete" AFTER DELETE ON "item_manager" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_group_count_managers();--> statement-breakpoint
-- The sizes of the items already there (the triggers above hold item and item_manager locked until the migration
-- commits, so no write slips in between).
INSERT INTO "item_group_count" ("team_id", "kind", "group_by", "group_key", "delta")
SELECT i.team_id, i.kind, k.group_by, k.group_key, count(*)
  FROM item i CROSS JOIN LATERAL item_group_keys(i.state, i.priority, i.goal_id, i.ext_service_type) k
 GROUP BY i.team_id, i.kind, k.group_by, k.group_key
UNION ALL
SELECT i.team_id, i.kind, 'MANAGER', m.member_id::text, count(*)
  FROM item_manager m JOIN item i ON i.id = m.item_id GROUP BY i.team_id, i.kind, m.member_id
UNION ALL
SELECT i.team_id, i.kind, 'MANAGER', 'NONE', -count(DISTINCT i.id)
  FROM item_manager m JOIN item i ON i.id = m.item_id GROUP BY i.team_id, i.kind;
