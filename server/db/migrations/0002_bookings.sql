CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 60 NOT NULL,
	"customer_account_id" text NOT NULL,
	"vendor_account_id" text,
	"organization_account_id" text,
	"subscription_id" text,
	"order_type" text NOT NULL,
	"plan_id" text,
	"payment_intent_id" text,
	"service_data" jsonb NOT NULL,
	"address_data" jsonb NOT NULL,
	"custom" jsonb,
	"price" integer,
	"note" text,
	"facts" jsonb DEFAULT '{"pendingApprovals":[]}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"customer_account_id" text NOT NULL,
	"vendor_account_id" text,
	"organization_account_id" text,
	"service_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"frequency" text NOT NULL,
	"service_data" jsonb NOT NULL,
	"address_data" jsonb,
	"price" integer,
	"provider_subscription_id" text,
	"resume_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_customer_start_idx" ON "appointments" USING btree ("customer_account_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_vendor_start_idx" ON "appointments" USING btree ("vendor_account_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_organization_start_idx" ON "appointments" USING btree ("organization_account_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_subscription_idx" ON "appointments" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_order_unique" ON "subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_account_id");--> statement-breakpoint
CREATE INDEX "subscriptions_vendor_idx" ON "subscriptions" USING btree ("vendor_account_id");--> statement-breakpoint
CREATE INDEX "subscriptions_organization_idx" ON "subscriptions" USING btree ("organization_account_id");