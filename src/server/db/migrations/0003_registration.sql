CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"image_url" varchar(300) NOT NULL,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"material_key" varchar(32) NOT NULL,
	"upload_id" varchar(36) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"learner_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"state" varchar(32) DEFAULT 'submitted' NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"occupation_id" integer NOT NULL,
	"level" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"registration_starts_at" timestamp with time zone NOT NULL,
	"registration_ends_at" timestamp with time zone NOT NULL,
	"fee_fen" integer DEFAULT 0 NOT NULL,
	"capacity" integer NOT NULL,
	"enrolled_count" integer DEFAULT 0 NOT NULL,
	"pass_theory" integer DEFAULT 60 NOT NULL,
	"pass_practical" integer DEFAULT 60 NOT NULL,
	"required_materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" varchar(32) DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_plans_code_unique" UNIQUE("code"),
	CONSTRAINT "exam_plans_seats_check" CHECK ("exam_plans"."enrolled_count" >= 0 and "exam_plans"."enrolled_count" <= "exam_plans"."capacity"),
	CONSTRAINT "exam_plans_fee_check" CHECK ("exam_plans"."fee_fen" >= 0),
	CONSTRAINT "exam_plans_level_check" CHECK ("exam_plans"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"category" varchar(100) DEFAULT '' NOT NULL,
	"levels" jsonb DEFAULT '[5,4,3]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"learner_id" integer NOT NULL,
	"item_type" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"gateway" varchar(32),
	"gateway_trade_no" varchar(64),
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" varchar(32) NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signature_ok" boolean NOT NULL,
	"outcome" varchar(32) DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_fee_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"fee_fen" integer NOT NULL,
	"previous_fee_fen" integer,
	"changed_by" integer,
	"changed_by_name" varchar(64) DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_sequences" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT 'created' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transactions_trade_no_unique" UNIQUE("trade_no")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"owner_learner_id" integer,
	"owner_admin_id" integer,
	"kind" varchar(32) NOT NULL,
	"mime" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_path" varchar(200) NOT NULL,
	"original_name" varchar(200) DEFAULT '' NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollment_materials" ADD CONSTRAINT "enrollment_materials_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_materials" ADD CONSTRAINT "enrollment_materials_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_reviewed_by_administrators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_created_by_admin_id_administrators_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plans" ADD CONSTRAINT "exam_plans_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plans" ADD CONSTRAINT "exam_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_plans" ADD CONSTRAINT "exam_plans_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fee_history" ADD CONSTRAINT "plan_fee_history_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fee_history" ADD CONSTRAINT "plan_fee_history_changed_by_administrators_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_learner_id_learners_id_fk" FOREIGN KEY ("owner_learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_admin_id_administrators_id_fk" FOREIGN KEY ("owner_admin_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_materials_key" ON "enrollment_materials" USING btree ("enrollment_id","material_key");--> statement-breakpoint
CREATE INDEX "enrollment_materials_upload_idx" ON "enrollment_materials" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_learner_plan_key" ON "enrollments" USING btree ("learner_id","plan_id");--> statement-breakpoint
CREATE INDEX "enrollments_plan_state_idx" ON "enrollments" USING btree ("plan_id","state");--> statement-breakpoint
CREATE INDEX "exam_plans_state_idx" ON "exam_plans" USING btree ("state","registration_starts_at");--> statement-breakpoint
CREATE INDEX "exam_plans_org_idx" ON "exam_plans" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "exam_sessions_plan_idx" ON "exam_sessions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "exam_sessions_starts_idx" ON "exam_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_item_key" ON "orders" USING btree ("learner_id","item_type","item_id") WHERE "orders"."state" in ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "orders_learner_idx" ON "orders" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_verified_key" ON "payment_events" USING btree ("gateway","event_id") WHERE "payment_events"."signature_ok";--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "plan_fee_history_plan_idx" ON "plan_fee_history" USING btree ("plan_id","changed_at");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_order_idx" ON "sandbox_transactions" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_paid_idx" ON "sandbox_transactions" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_learner_idx" ON "uploads" USING btree ("owner_learner_id");