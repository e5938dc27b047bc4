ALTER TABLE "app_passwords" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "app_passwords" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kept_session_id" text;