CREATE TABLE "live_events" (
	"stream" text NOT NULL,
	"seq" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_events_stream_seq_pk" PRIMARY KEY("stream","seq")
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"stream" text PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");