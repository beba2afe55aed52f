CREATE TABLE "workspace_join_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "workspace_join_failure" ADD CONSTRAINT "workspace_join_failure_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_join_failure_member_idx" ON "workspace_join_failure" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_join_failure_ip_idx" ON "workspace_join_failure" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "workspace_join_failure_created_idx" ON "workspace_join_failure" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "workspace" ADD CONSTRAINT "workspace_created_by_member_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;