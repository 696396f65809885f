CREATE TABLE "class_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"method" varchar(8) NOT NULL,
	"checked_in_at" timestamp with time zone,
	"marked_by" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_attendance_status_check" CHECK ("class_attendance"."status" in ('present', 'late', 'absent', 'excused')),
	CONSTRAINT "class_attendance_method_check" CHECK ("class_attendance"."method" in ('qr', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "class_courses" (
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'active' NOT NULL,
	"source" varchar(16) NOT NULL,
	"fee_state" varchar(16) DEFAULT 'none' NOT NULL,
	"order_id" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_reason" text DEFAULT '' NOT NULL,
	"removed_by" integer,
	"test_score" smallint,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"completion_no" varchar(24),
	"completion_verify_token" varchar(64),
	CONSTRAINT "class_members_state_check" CHECK ("class_members"."state" in ('active', 'removed')),
	CONSTRAINT "class_members_fee_check" CHECK ("class_members"."fee_state" in ('none', 'unpaid', 'paid')),
	CONSTRAINT "class_members_score_check" CHECK ("class_members"."test_score" is null or "class_members"."test_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "class_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"place" varchar(100) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_time_check" CHECK ("class_sessions"."ends_at" > "class_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "completion_serials" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"learner_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_courses" (
	"program_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_plans" (
	"program_id" integer NOT NULL,
	"plan_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"occupation_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_level_check" CHECK ("programs"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "training_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"join_code" varchar(16) NOT NULL,
	"head_teacher_id" integer,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"capacity" integer NOT NULL,
	"enrolled_count" integer DEFAULT 0 NOT NULL,
	"fee_fen" integer DEFAULT 0 NOT NULL,
	"enrol_opens_at" timestamp with time zone,
	"enrol_closes_at" timestamp with time zone,
	"rule_progress_percent" smallint DEFAULT 80 NOT NULL,
	"rule_attendance_percent" smallint DEFAULT 80 NOT NULL,
	"rule_test_pass_score" smallint,
	"state" varchar(16) DEFAULT 'planned' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_classes_capacity_check" CHECK ("training_classes"."capacity" > 0 and "training_classes"."enrolled_count" between 0 and "training_classes"."capacity"),
	CONSTRAINT "training_classes_fee_check" CHECK ("training_classes"."fee_fen" >= 0),
	CONSTRAINT "training_classes_dates_check" CHECK ("training_classes"."ends_on" >= "training_classes"."starts_on"),
	CONSTRAINT "training_classes_rule_check" CHECK ("training_classes"."rule_progress_percent" between 0 and 100 and "training_classes"."rule_attendance_percent" between 0 and 100 and ("training_classes"."rule_test_pass_score" is null or "training_classes"."rule_test_pass_score" between 0 and 100)),
	CONSTRAINT "training_classes_state_check" CHECK ("training_classes"."state" in ('planned', 'open', 'in_progress', 'finished', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "training_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"organization_id" integer,
	"program_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_projects_state_check" CHECK ("training_projects"."state" in ('active', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_class_id_training_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."training_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_attendance" ADD CONSTRAINT "class_attendance_marked_by_administrators_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_class_id_training_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."training_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_training_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."training_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_removed_by_administrators_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_completed_by_administrators_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notices" ADD CONSTRAINT "class_notices_class_id_training_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."training_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notices" ADD CONSTRAINT "class_notices_sent_by_administrators_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_class_id_training_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."training_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_programs" ADD CONSTRAINT "learner_programs_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_programs" ADD CONSTRAINT "learner_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_courses" ADD CONSTRAINT "program_courses_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_courses" ADD CONSTRAINT "program_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_plans" ADD CONSTRAINT "program_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_plans" ADD CONSTRAINT "program_plans_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_classes" ADD CONSTRAINT "training_classes_project_id_training_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."training_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_classes" ADD CONSTRAINT "training_classes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_classes" ADD CONSTRAINT "training_classes_head_teacher_id_exam_staff_id_fk" FOREIGN KEY ("head_teacher_id") REFERENCES "public"."exam_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_classes" ADD CONSTRAINT "training_classes_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_projects" ADD CONSTRAINT "training_projects_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_attendance_key" ON "class_attendance" USING btree ("session_id","learner_id");--> statement-breakpoint
CREATE INDEX "class_attendance_class_idx" ON "class_attendance" USING btree ("class_id","learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_courses_key" ON "class_courses" USING btree ("class_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_members_key" ON "class_members" USING btree ("class_id","learner_id");--> statement-breakpoint
CREATE INDEX "class_members_learner_idx" ON "class_members" USING btree ("learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_members_completion_no_key" ON "class_members" USING btree ("completion_no");--> statement-breakpoint
CREATE UNIQUE INDEX "class_members_verify_key" ON "class_members" USING btree ("completion_verify_token");--> statement-breakpoint
CREATE INDEX "class_notices_class_idx" ON "class_notices" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "class_sessions_class_idx" ON "class_sessions" USING btree ("class_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_programs_key" ON "learner_programs" USING btree ("learner_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_courses_key" ON "program_courses" USING btree ("program_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_plans_key" ON "program_plans" USING btree ("program_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_name_key" ON "programs" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "training_classes_join_code_key" ON "training_classes" USING btree ("join_code");--> statement-breakpoint
CREATE INDEX "training_classes_project_idx" ON "training_classes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "training_classes_org_idx" ON "training_classes" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "training_projects_org_idx" ON "training_projects" USING btree ("organization_id");--> statement-breakpoint
UPDATE "menus" SET "title" = '批量新建班级' WHERE "name" = 'ClassAddClasses' AND "title" = '添加课次';--> statement-breakpoint
UPDATE "menus" SET "title" = '批量设置班级' WHERE "name" = 'ClassSetClasses' AND "title" = '编辑课次';
