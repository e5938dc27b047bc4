CREATE TABLE "customer_contributions" (
	"customer_account_id" text NOT NULL,
	"affiliate_account_id" text NOT NULL,
	"percentage" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_contributions_customer_account_id_affiliate_account_id_pk" PRIMARY KEY("customer_account_id","affiliate_account_id")
);
--> statement-breakpoint
CREATE TABLE "visit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"appointment_id" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" text NOT NULL,
	"customer_account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"percentage" integer,
	"request_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_contributions" ADD CONSTRAINT "customer_contributions_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contributions" ADD CONSTRAINT "customer_contributions_affiliate_account_id_accounts_id_fk" FOREIGN KEY ("affiliate_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ledger" ADD CONSTRAINT "visit_ledger_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ledger" ADD CONSTRAINT "visit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ledger" ADD CONSTRAINT "visit_ledger_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_contributions_affiliate_idx" ON "customer_contributions" USING btree ("affiliate_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_ledger_earning_once" ON "visit_ledger" USING btree ("appointment_id") WHERE kind = 'vendor_earning';--> statement-breakpoint
CREATE UNIQUE INDEX "visit_ledger_give_back_once" ON "visit_ledger" USING btree ("appointment_id","account_id") WHERE kind = 'give_back';--> statement-breakpoint
CREATE INDEX "visit_ledger_account_idx" ON "visit_ledger" USING btree ("account_id","created_at");