ALTER TABLE "member" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ALTER COLUMN "provider_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "profile_image_set_in_app" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_provider_link_check" CHECK ("member"."withdrawn_at" is not null or ("member"."provider" is not null and "member"."provider_user_id" is not null));