CREATE TABLE "staff_notice_reads" (
	"notice_id" integer NOT NULL,
	"administrator_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" varchar(64) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"message_key" varchar(64) NOT NULL,
	"message_params" jsonb,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_notice_reads" ADD CONSTRAINT "staff_notice_reads_notice_id_staff_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."staff_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notice_reads_key" ON "staff_notice_reads" USING btree ("notice_id","administrator_id");--> statement-breakpoint
CREATE INDEX "staff_notices_page_idx" ON "staff_notices" USING btree ("page","created_at");