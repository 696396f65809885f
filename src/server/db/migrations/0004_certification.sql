CREATE TABLE "admission_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"ticket_no" varchar(40) NOT NULL,
	"verify_token" varchar(64) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer,
	CONSTRAINT "admission_tickets_enrollment_id_unique" UNIQUE("enrollment_id"),
	CONSTRAINT "admission_tickets_ticket_no_unique" UNIQUE("ticket_no"),
	CONSTRAINT "admission_tickets_verify_token_unique" UNIQUE("verify_token")
);
--> statement-breakpoint
CREATE TABLE "appraisal_institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(4) NOT NULL,
	"province_code" varchar(2) NOT NULL,
	"site_code" varchar(6) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"contact" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"organization_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appraisal_institutions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "certificate_serials" (
	"org_code" varchar(4) NOT NULL,
	"year" integer NOT NULL,
	"level" integer NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "certificate_serials_org_code_year_level_pk" PRIMARY KEY("org_code","year","level")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(22) NOT NULL,
	"enrollment_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"institution_id" integer,
	"holder_name" varchar(64) NOT NULL,
	"id_number" varchar(32) DEFAULT '' NOT NULL,
	"occupation" varchar(100) NOT NULL,
	"occupation_code" varchar(32) DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"revoked_by" integer,
	"verify_token" varchar(64) NOT NULL,
	CONSTRAINT "certificates_number_unique" UNIQUE("number"),
	CONSTRAINT "certificates_enrollment_id_unique" UNIQUE("enrollment_id"),
	CONSTRAINT "certificates_verify_token_unique" UNIQUE("verify_token")
);
--> statement-breakpoint
CREATE TABLE "exam_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"capacity" integer NOT NULL,
	"rows" integer NOT NULL,
	"cols" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_rooms_layout_check" CHECK ("exam_rooms"."capacity" > 0 and "exam_rooms"."capacity" <= "exam_rooms"."rows" * "exam_rooms"."cols")
);
--> statement-breakpoint
CREATE TABLE "exam_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_sites_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "exam_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"role" varchar(16) NOT NULL,
	"certificate_no" varchar(64) DEFAULT '' NOT NULL,
	"organization_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"score_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"administrator_id" integer,
	"administrator_name" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"theory" numeric(5, 1),
	"practical" numeric(5, 1),
	"total" numeric(6, 1),
	"absent" boolean DEFAULT false NOT NULL,
	"cheating" boolean DEFAULT false NOT NULL,
	"passed" boolean DEFAULT false NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scores_enrollment_id_unique" UNIQUE("enrollment_id"),
	CONSTRAINT "scores_range_check" CHECK (coalesce("scores"."theory", 0) between 0 and 100 and coalesce("scores"."practical", 0) between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "seat_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"seat_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_assignments_seat_check" CHECK ("seat_assignments"."seat_no" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_issued_by_administrators_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_institutions" ADD CONSTRAINT "appraisal_institutions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_institution_id_appraisal_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."appraisal_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_administrators_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_administrators_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_site_id_exam_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."exam_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_staff" ADD CONSTRAINT "exam_staff_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_corrections" ADD CONSTRAINT "score_corrections_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_corrections" ADD CONSTRAINT "score_corrections_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_plan_id_exam_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."exam_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_entered_by_administrators_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_room_id_exam_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_staff_id_exam_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."exam_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_room_id_exam_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admission_tickets_issued_idx" ON "admission_tickets" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "certificates_learner_idx" ON "certificates" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "certificates_plan_idx" ON "certificates" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_rooms_site_name_key" ON "exam_rooms" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_staff_phone_key" ON "exam_staff" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "exam_staff_role_idx" ON "exam_staff" USING btree ("role");--> statement-breakpoint
CREATE INDEX "score_corrections_score_idx" ON "score_corrections" USING btree ("score_id");--> statement-breakpoint
CREATE INDEX "scores_plan_idx" ON "scores" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_assignments_seat_key" ON "seat_assignments" USING btree ("session_id","room_id","seat_no");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_assignments_candidate_key" ON "seat_assignments" USING btree ("enrollment_id","session_id");--> statement-breakpoint
CREATE INDEX "seat_assignments_room_idx" ON "seat_assignments" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_assignments_staff_session_key" ON "staff_assignments" USING btree ("staff_id","session_id");--> statement-breakpoint
CREATE INDEX "staff_assignments_session_idx" ON "staff_assignments" USING btree ("session_id","room_id");