CREATE TABLE "article_attachments" (
	"article_id" integer NOT NULL,
	"upload_id" varchar(36) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_attachments_article_id_upload_id_pk" PRIMARY KEY("article_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"category_id" integer,
	"title" varchar(120) NOT NULL,
	"summary" varchar(300) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_upload_id" varchar(36),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"employer" varchar(100),
	"occupation_id" integer,
	"level_required" smallint,
	"place" varchar(100),
	"salary_min" integer,
	"salary_max" integer,
	"deadline" date,
	"contact_name" varchar(40),
	"contact_phone" varchar(40),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_kind_check" CHECK ("articles"."kind" in ('news', 'notice', 'job')),
	CONSTRAINT "articles_state_check" CHECK ("articles"."state" in ('draft', 'published', 'withdrawn')),
	CONSTRAINT "articles_level_check" CHECK ("articles"."level_required" is null or "articles"."level_required" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "content_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(40) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_categories_kind_check" CHECK ("content_categories"."kind" in ('news', 'notice', 'job', 'download'))
);
--> statement-breakpoint
CREATE TABLE "content_daily_counts" (
	"day" date NOT NULL,
	"item_type" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_counts_day_item_type_item_id_pk" PRIMARY KEY("day","item_type","item_id"),
	CONSTRAINT "content_daily_counts_type_check" CHECK ("content_daily_counts"."item_type" in ('article', 'page', 'download'))
);
--> statement-breakpoint
CREATE TABLE "custom_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(60) NOT NULL,
	"title" varchar(120) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "custom_pages_slug_check" CHECK ("custom_pages"."slug" ~ '^[a-z0-9][a-z0-9-]*$')
);
--> statement-breakpoint
CREATE TABLE "download_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"download_id" integer NOT NULL,
	"version" integer NOT NULL,
	"upload_id" varchar(36) NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"title" varchar(120) NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"certificate_id" integer,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_home" (
	"stage" varchar(16) PRIMARY KEY NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_home_stage_check" CHECK ("portal_home"."stage" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "portal_nav_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(40) NOT NULL,
	"custom_page_id" integer,
	"url" varchar(300),
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_nav_items_target_check" CHECK (("portal_nav_items"."custom_page_id" is null) <> ("portal_nav_items"."url" is null))
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "mime" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "shows_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "shows_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article_attachments" ADD CONSTRAINT "article_attachments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_attachments" ADD CONSTRAINT "article_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_cover_upload_id_uploads_id_fk" FOREIGN KEY ("cover_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_versions" ADD CONSTRAINT "download_versions_download_id_downloads_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."downloads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_versions" ADD CONSTRAINT "download_versions_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_versions" ADD CONSTRAINT "download_versions_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_home" ADD CONSTRAINT "portal_home_updated_by_administrators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_nav_items" ADD CONSTRAINT "portal_nav_items_custom_page_id_custom_pages_id_fk" FOREIGN KEY ("custom_page_id") REFERENCES "public"."custom_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_public_idx" ON "articles" USING btree ("kind","state","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_name_key" ON "content_categories" USING btree ("kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "download_versions_key" ON "download_versions" USING btree ("download_id","version");--> statement-breakpoint
CREATE INDEX "downloads_category_idx" ON "downloads" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_key" ON "job_applications" USING btree ("article_id","learner_id");