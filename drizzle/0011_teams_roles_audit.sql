-- Teams that mean something (issue #23, docs/security.md): workspace roles, removed members, team visibility and
-- per-member team order, invite expiry, the audit log, single-use connect states, and the team of private events.
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" integer,
	"target_name" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect_state_use" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_outbox" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "removed_from_workspace_id" integer;--> statement-breakpoint
-- Each workspace's owner: its creator while still in it, else its earliest member still in it.
UPDATE "member" m SET "role" = 'owner' FROM "workspace" w
  WHERE w."created_by" = m."id" AND m."workspace_id" = w."id";--> statement-breakpoint
UPDATE "member" m SET "role" = 'owner'
  WHERE m."id" IN (
    SELECT min(x."id") FROM "member" x
    WHERE x."workspace_id" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "member" o WHERE o."workspace_id" = x."workspace_id" AND o."role" = 'owner')
    GROUP BY x."workspace_id"
  );--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_member" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "invite_expiry" text DEFAULT 'never' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_member_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_workspace_id_idx" ON "audit_log" USING btree ("workspace_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_removed_from_workspace_id_workspace_id_fk" FOREIGN KEY ("removed_from_workspace_id") REFERENCES "public"."workspace"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_one_owner_per_workspace" ON "member" USING btree ("workspace_id") WHERE "member"."role" = 'owner' and "member"."workspace_id" is not null;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_role_check" CHECK ("member"."role" in ('owner', 'admin', 'member'));--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_visibility_check" CHECK ("team"."visibility" in ('public', 'private'));--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_default_public_check" CHECK (not "team"."is_default" or "team"."visibility" = 'public');--> statement-breakpoint
ALTER TABLE "workspace" ADD CONSTRAINT "workspace_invite_expiry_check" CHECK ("workspace"."invite_expiry" in ('7d', '30d', 'never'));