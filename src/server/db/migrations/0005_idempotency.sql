CREATE TABLE "idempotency_keys" (
	"user_type" varchar(16) NOT NULL,
	"user_id" integer NOT NULL,
	"key" varchar(255) NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(500) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer,
	"content_type" varchar(200),
	"body" text,
	"body_encoding" varchar(8) DEFAULT 'utf8' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_type_user_id_key_pk" PRIMARY KEY("user_type","user_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");