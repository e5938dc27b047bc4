ALTER TABLE "billing_cycles" ADD COLUMN "id" text;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD COLUMN "number" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_id_unique" ON "billing_cycles" USING btree ("id");