CREATE TABLE "organization_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_account_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"title" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_phone" text;--> statement-breakpoint
ALTER TABLE "organization_contacts" ADD CONSTRAINT "organization_contacts_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_contacts_organization_idx" ON "organization_contacts" USING btree ("organization_account_id");