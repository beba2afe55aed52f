-- Workspace search (server/modules/search/). pg_trgm is bundled with PGlite (loaded by server/db/index.ts) and is a
-- trusted extension on PostgreSQL 13+, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_title" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_choseong" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_jamo" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "item_workspace_id_idx" ON "item" USING btree ("workspace_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_workspace_name_prefix_idx" ON "item" USING btree ("workspace_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "item_workspace_search_title_prefix_idx" ON "item" USING btree ("workspace_id","search_title" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "item_name_trgm_idx" ON "item" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "item_search_title_trgm_idx" ON "item" USING gin ("search_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "item_search_choseong_trgm_idx" ON "item" USING gin ("search_choseong" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "item_search_jamo_trgm_idx" ON "item" USING gin ("search_jamo" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "item_search_text_trgm_idx" ON "item" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);