CREATE TABLE "github_delivery" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "github_delivery_received_at_idx" ON "github_delivery" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_team_github_issue_unique" ON "item" USING btree ("team_id",lower("github_owner"),lower("github_repo"),"github_number");