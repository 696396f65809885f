CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_type" varchar(16) NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "administrators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"real_name" varchar(64) NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"administrator_type" varchar(16) NOT NULL,
	"organization_id" integer,
	"role_id" integer,
	"phone" varchar(20),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "administrators_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "learners" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"phone" varchar(20) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"real_name" varchar(64) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"sex" varchar(8),
	"birth_date" date,
	"user_source_id" integer,
	"political_affiliation_id" integer,
	"ethnic_group_id" integer,
	"educational_background_id" integer,
	"province_code" varchar(12),
	"city_code" varchar(12),
	"area_code" varchar(12),
	"address" varchar(200) DEFAULT '' NOT NULL,
	"employer" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"organization_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(100) NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(16) DEFAULT 'college' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"administrator_id" integer,
	"administrator_name" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(64) NOT NULL,
	"target_type" varchar(64) DEFAULT '' NOT NULL,
	"target_id" varchar(64) DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"notification_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"learner_id" integer,
	"kind" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"sender_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learners_username_key" ON "learners" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "learners_phone_key" ON "learners" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "learners_id_card_key" ON "learners" USING btree (upper("id_card"));--> statement-breakpoint
CREATE INDEX "system_logs_created_idx" ON "system_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_reads_key" ON "notification_reads" USING btree ("notification_id","learner_id");--> statement-breakpoint
CREATE INDEX "notifications_learner_idx" ON "notifications" USING btree ("learner_id","created_at");