CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"street_number" text NOT NULL,
	"street" text NOT NULL,
	"unit" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"additional_details" text,
	"home_size" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_cycles" (
	"id" text,
	"number" serial NOT NULL,
	"subscription_id" text NOT NULL,
	"cycle" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"subtotal" integer,
	"discount" integer,
	"credit" integer,
	"tax" integer,
	"total" integer,
	"ledger_entry_id" text,
	"decline_message" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "billing_cycles_subscription_id_cycle_pk" PRIMARY KEY("subscription_id","cycle")
);
--> statement-breakpoint
CREATE TABLE "checkout_attempts" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer_account_id" text NOT NULL,
	"service_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"service_data" jsonb NOT NULL,
	"subscription_id" text,
	"appointment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address_id" text,
	"add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"promo_code" text,
	"ledger_entry_id" text,
	"idempotency_key" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "address_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coupon_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "contract_length" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_billing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_account_id_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_account_idx" ON "addresses" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_id_unique" ON "billing_cycles" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_address_unique" ON "subscriptions" USING btree ("address_id") WHERE "subscriptions"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "subscriptions_next_billing_idx" ON "subscriptions" USING btree ("next_billing_at");