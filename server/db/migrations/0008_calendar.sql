CREATE TABLE "vendor_availability" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_account_id" text NOT NULL,
	"day_of_week" text NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_organizations" (
	"vendor_account_id" text PRIMARY KEY NOT NULL,
	"organization_account_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_time_off" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_account_id" text NOT NULL,
	"organization_account_id" text,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"note" text,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_availability" ADD CONSTRAINT "vendor_availability_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_organizations" ADD CONSTRAINT "vendor_organizations_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_organizations" ADD CONSTRAINT "vendor_organizations_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_time_off" ADD CONSTRAINT "vendor_time_off_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_time_off" ADD CONSTRAINT "vendor_time_off_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_availability_vendor_idx" ON "vendor_availability" USING btree ("vendor_account_id");--> statement-breakpoint
CREATE INDEX "vendor_organizations_organization_idx" ON "vendor_organizations" USING btree ("organization_account_id");--> statement-breakpoint
CREATE INDEX "vendor_time_off_vendor_idx" ON "vendor_time_off" USING btree ("vendor_account_id","start_time");--> statement-breakpoint
CREATE INDEX "vendor_time_off_organization_idx" ON "vendor_time_off" USING btree ("organization_account_id");