CREATE TABLE "vendor_today_notes" (
	"vendor_account_id" text NOT NULL,
	"date" text NOT NULL,
	"note" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_today_notes" ADD CONSTRAINT "vendor_today_notes_vendor_account_id_accounts_id_fk" FOREIGN KEY ("vendor_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_today_notes_vendor_date_unique" ON "vendor_today_notes" USING btree ("vendor_account_id","date");