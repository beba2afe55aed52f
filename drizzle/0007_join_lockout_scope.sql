DROP INDEX "workspace_join_failure_member_idx";--> statement-breakpoint
ALTER TABLE "workspace_join_failure" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "workspace_join_failure" ADD CONSTRAINT "workspace_join_failure_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_join_failure_member_idx" ON "workspace_join_failure" USING btree ("member_id","workspace_id","created_at");