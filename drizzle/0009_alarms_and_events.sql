CREATE TABLE "alarm" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_member_item_reason_day_unique" UNIQUE("member_id","item_id","reason","day"),
	CONSTRAINT "alarm_reason_check" CHECK ("alarm"."reason" in ('DEADLINE', 'ASSIGNED', 'COMMENT'))
);
--> statement-breakpoint
CREATE TABLE "event_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"member_id" integer,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_ticket_use" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm" ADD CONSTRAINT "alarm_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm" ADD CONSTRAINT "alarm_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_member_id_idx" ON "alarm" USING btree ("member_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarm_item_idx" ON "alarm" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "alarm_created_at_idx" ON "alarm" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_outbox_workspace_id_idx" ON "event_outbox" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "event_outbox_created_at_idx" ON "event_outbox" USING btree ("created_at");