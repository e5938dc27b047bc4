CREATE TABLE "appointment_add_ons" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"appointment_id" text,
	"subscription_id" text,
	"customer_account_id" text NOT NULL,
	"vendor_account_id" text,
	"organization_account_id" text,
	"service_id" text,
	"plan_id" text,
	"service_data" jsonb,
	"custom" jsonb,
	"price" integer NOT NULL,
	"requested_by_account_id" text,
	"requested_by_role" text,
	"billed_cycle_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"appointment_id" text NOT NULL,
	"subscription_id" text,
	"customer_account_id" text NOT NULL,
	"vendor_account_id" text,
	"organization_account_id" text,
	"data" jsonb NOT NULL,
	"note" text NOT NULL,
	"requested_by_account_id" text,
	"requested_by_role" text,
	"decided_by_account_id" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_add_ons_appointment_idx" ON "appointment_add_ons" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_add_ons_subscription_idx" ON "appointment_add_ons" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "approvals_appointment_idx" ON "approvals" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "approvals_customer_idx" ON "approvals" USING btree ("customer_account_id");