CREATE TABLE "github_installation" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"installation_id" bigint NOT NULL,
	"account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_installation_team_unique" UNIQUE("team_id")
);
--> statement-breakpoint
CREATE TABLE "slack_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"team_id_external" text NOT NULL,
	"bot_token_encrypted" text NOT NULL,
	"channel_id" text,
	"channel_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_link_workspace_unique" UNIQUE("workspace_id")
);
--> statement-breakpoint
ALTER TABLE "github_installation" ADD CONSTRAINT "github_installation_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_link" ADD CONSTRAINT "slack_link_workspace_id_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspace"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "github_installation_installation_idx" ON "github_installation" USING btree ("installation_id");