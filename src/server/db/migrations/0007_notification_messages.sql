ALTER TABLE "notifications" ADD COLUMN "message_key" varchar(64);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_params" jsonb;