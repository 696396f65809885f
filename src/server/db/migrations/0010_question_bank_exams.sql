CREATE TABLE "attempt_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"version" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(8) DEFAULT 'online' NOT NULL,
	"applied_count" integer DEFAULT 1 NOT NULL,
	"auto_score" numeric(5, 1),
	"examiner_score" numeric(5, 1),
	"examiner_comment" text DEFAULT '' NOT NULL,
	"scored_by" integer,
	"scored_at" timestamp with time zone,
	CONSTRAINT "attempt_answers_version_check" CHECK ("attempt_answers"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"online_exam_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"paper" jsonb NOT NULL,
	"answer_key" jsonb NOT NULL,
	"total_score" numeric(6, 1) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" varchar(16),
	"signing_key" varchar(64) NOT NULL,
	"last_seen_at" timestamp with time zone,
	"objective_score" numeric(6, 1),
	"subjective_score" numeric(6, 1),
	"score" numeric(6, 1),
	"scored_at" timestamp with time zone,
	"delivered_late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempts_state_check" CHECK ("exam_attempts"."state" in ('open', 'submitted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "exam_late_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"version" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(8) DEFAULT 'online' NOT NULL,
	"decision" varchar(16) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "exam_late_answers_decision_check" CHECK ("exam_late_answers"."decision" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "online_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"grace_seconds" integer DEFAULT 300 NOT NULL,
	"state" varchar(16) DEFAULT 'scheduled' NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"scores_written_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_exams_state_check" CHECK ("online_exams"."state" in ('scheduled', 'open', 'closed')),
	CONSTRAINT "online_exams_window_check" CHECK ("online_exams"."closes_at" > "online_exams"."opens_at"),
	CONSTRAINT "online_exams_grace_check" CHECK ("online_exams"."grace_seconds" between 0 and 3600)
);
--> statement-breakpoint
CREATE TABLE "question_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"occupation_id" integer NOT NULL,
	"level" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_banks_level_check" CHECK ("question_banks"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "question_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_categories_parent_check" CHECK ("question_categories"."parent_id" is null or "question_categories"."parent_id" <> "question_categories"."id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"category_id" integer,
	"parent_id" integer,
	"type" varchar(16) NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference_answer" text DEFAULT '' NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"score" numeric(5, 1) DEFAULT 1 NOT NULL,
	"difficulty" integer DEFAULT 3 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('single_choice', 'choice', 'determine', 'essay', 'material')),
	CONSTRAINT "questions_difficulty_check" CHECK ("questions"."difficulty" between 1 and 5),
	CONSTRAINT "questions_score_check" CHECK ("questions"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_paper_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"mode" varchar(16) NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_minutes" integer NOT NULL,
	"total_score" numeric(6, 1) DEFAULT 0 NOT NULL,
	"pass_score" numeric(6, 1) NOT NULL,
	"partial_credit" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT true NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_papers_mode_check" CHECK ("test_papers"."mode" in ('fixed', 'random')),
	CONSTRAINT "test_papers_duration_check" CHECK ("test_papers"."duration_minutes" between 1 and 600)
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_scored_by_administrators_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_online_exam_id_online_exams_id_fk" FOREIGN KEY ("online_exam_id") REFERENCES "public"."online_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_late_answers" ADD CONSTRAINT "exam_late_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_late_answers" ADD CONSTRAINT "exam_late_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_late_answers" ADD CONSTRAINT "exam_late_answers_decided_by_administrators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_paper_id_test_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."test_papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exams" ADD CONSTRAINT "online_exams_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_parent_id_question_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_parent_id_questions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_paper_questions" ADD CONSTRAINT "test_paper_questions_paper_id_test_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."test_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_paper_questions" ADD CONSTRAINT "test_paper_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_papers" ADD CONSTRAINT "test_papers_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_papers" ADD CONSTRAINT "test_papers_approved_by_administrators_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_papers" ADD CONSTRAINT "test_papers_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_answers_key" ON "attempt_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_candidate_key" ON "exam_attempts" USING btree ("online_exam_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_learner_idx" ON "exam_attempts" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_deadline_idx" ON "exam_attempts" USING btree ("state","deadline_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_late_answers_key" ON "exam_late_answers" USING btree ("attempt_id","question_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "online_exams_session_key" ON "online_exams" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "online_exams_plan_idx" ON "online_exams" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_banks_name_key" ON "question_banks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "question_banks_occupation_idx" ON "question_banks" USING btree ("occupation_id","level");--> statement-breakpoint
CREATE INDEX "question_categories_bank_idx" ON "question_categories" USING btree ("bank_id","parent_id");--> statement-breakpoint
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("bank_id","type","difficulty");--> statement-breakpoint
CREATE INDEX "questions_category_idx" ON "questions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "questions_parent_idx" ON "questions" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_paper_questions_key" ON "test_paper_questions" USING btree ("paper_id","question_id");--> statement-breakpoint
CREATE INDEX "test_paper_questions_question_idx" ON "test_paper_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "test_papers_bank_idx" ON "test_papers" USING btree ("bank_id");