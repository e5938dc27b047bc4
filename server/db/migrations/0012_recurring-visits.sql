ALTER TABLE "appointments" ADD COLUMN "occurrence" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "schedule_anchor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "schedule_anchor_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "time_zone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_subscription_occurrence_unique" ON "appointments" USING btree ("subscription_id","occurrence");