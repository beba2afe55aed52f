CREATE TABLE "item" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"team_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'NONE' NOT NULL,
	"priority" text DEFAULT 'NONE' NOT NULL,
	"deadline_start" date,
	"deadline_end" date,
	"goal_id" integer,
	"ext_service_type" text,
	"github_owner" text,
	"github_repo" text,
	"github_number" integer,
	"github_url" text,
	"slack_channel" text,
	"slack_ts" text,
	"slack_permalink" text,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_workspace_kind_number_unique" UNIQUE("workspace_id","kind","number"),
	CONSTRAINT "item_kind_check" CHECK ("item"."kind" in ('goal', 'issue', 'external')),
	CONSTRAINT "item_state_check" CHECK ("item"."state" in ('NONE', 'IN_PROGRESS', 'TODO', 'FINISH', 'REVIEW', 'DELETE')),
	CONSTRAINT "item_priority_check" CHECK ("item"."priority" in ('NONE', 'URGENT', 'HIGH', 'NORMAL', 'LOW')),
	CONSTRAINT "item_ext_service_type_check" CHECK (("item"."kind" = 'external') = ("item"."ext_service_type" is not null) and ("item"."ext_service_type" is null or "item"."ext_service_type" in ('GITHUB', 'SLACK'))),
	CONSTRAINT "item_goal_kind_check" CHECK ("item"."goal_id" is null or "item"."kind" <> 'goal'),
	CONSTRAINT "item_deadline_check" CHECK ("item"."deadline_start" is null or "item"."deadline_end" is null or "item"."deadline_start" <= "item"."deadline_end")
);
--> statement-breakpoint
CREATE TABLE "item_counter" (
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"next" integer NOT NULL,
	CONSTRAINT "item_counter_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind")
);
--> statement-breakpoint
CREATE TABLE "item_manager" (
	"item_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "item_manager_item_id_member_id_pk" PRIMARY KEY("item_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_goal_id_item_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_author_id_member_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_counter" ADD CONSTRAINT "item_counter_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_manager" ADD CONSTRAINT "item_manager_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_manager" ADD CONSTRAINT "item_manager_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_team_kind_id_idx" ON "item" USING btree ("team_id","kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_team_kind_state_id_idx" ON "item" USING btree ("team_id","kind","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_team_kind_priority_id_idx" ON "item" USING btree ("team_id","kind","priority","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_team_kind_goal_id_idx" ON "item" USING btree ("team_id","kind","goal_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_goal_idx" ON "item" USING btree ("goal_id");--> statement-breakpoint
CREATE INDEX "item_author_idx" ON "item" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "item_manager_member_item_idx" ON "item_manager" USING btree ("member_id","item_id" DESC NULLS LAST);