CREATE TABLE "payout_onboardings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"connected_account_id" text,
	"state_key" text,
	"code_hash" text,
	"link_expires_at" timestamp with time zone,
	"business_type" text,
	"entity_type" text,
	"tax_id_kind" text,
	"tax_id_last4" text,
	"bank_account" jsonb,
	"verification_document" jsonb,
	"agreement_version" text,
	"agreement_accepted_at" timestamp with time zone,
	"survey_status" text DEFAULT 'draft' NOT NULL,
	"survey_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"survey_updated_at" timestamp with time zone,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"link_id" text,
	"return_url" text,
	"refresh_url" text,
	"link_expires_at" timestamp with time zone,
	"bank_last4" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_onboardings" ADD CONSTRAINT "payout_onboardings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;