CREATE TABLE "educational_backgrounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "educational_backgrounds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ethnic_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ethnic_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "political_affiliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "political_affiliations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "functional_modules" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(16) DEFAULT 'feature' NOT NULL,
	"system" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"path" varchar(200) NOT NULL,
	"query" varchar(200) DEFAULT '' NOT NULL,
	"name" varchar(100) NOT NULL,
	"component" varchar(200) DEFAULT '' NOT NULL,
	"redirect" varchar(200),
	"hidden" boolean DEFAULT false NOT NULL,
	"system" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"icon" varchar(64) DEFAULT '' NOT NULL,
	"affix" boolean DEFAULT false NOT NULL,
	"roles" jsonb,
	"un_roles" jsonb,
	"no_cache" boolean DEFAULT false NOT NULL,
	"opened" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"module_key" varchar(64),
	CONSTRAINT "menus_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");