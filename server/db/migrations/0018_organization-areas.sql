CREATE TABLE "organization_service_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_account_id" text NOT NULL,
	"label" text,
	"postal_code" text NOT NULL,
	"radius_miles" double precision NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_zip_codes" (
	"organization_account_id" text NOT NULL,
	"zip_code" text NOT NULL,
	CONSTRAINT "organization_zip_codes_organization_account_id_zip_code_pk" PRIMARY KEY("organization_account_id","zip_code")
);
--> statement-breakpoint
ALTER TABLE "service_area_zip_codes" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "service_area_zip_codes" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "organization_service_areas" ADD CONSTRAINT "organization_service_areas_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_zip_codes" ADD CONSTRAINT "organization_zip_codes_organization_account_id_accounts_id_fk" FOREIGN KEY ("organization_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_service_areas_organization_idx" ON "organization_service_areas" USING btree ("organization_account_id");--> statement-breakpoint
CREATE INDEX "organization_zip_codes_zip_idx" ON "organization_zip_codes" USING btree ("zip_code");