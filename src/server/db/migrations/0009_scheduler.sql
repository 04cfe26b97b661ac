-- Scheduled tasks and their run log (issue 10; DESIGN §11). Hand-written from src/server/db/schema/tasks.ts.
CREATE TABLE "scheduled_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_name" text NOT NULL,
	"group_name" text NOT NULL,
	"cron" text NOT NULL,
	"api_url" text NOT NULL,
	"request_type" text DEFAULT 'GET' NOT NULL,
	"auth_key" text DEFAULT '' NOT NULL,
	"auth_value" text DEFAULT '' NOT NULL,
	"describe" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"next_fire_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"run_token" text,
	"run_instance" text,
	"run_log_id" integer,
	"run_lease_until" timestamp with time zone,
	"run_now_at" timestamp with time zone,
	"run_now_by" text,
	"owner_number" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text
);
--> statement-breakpoint
CREATE TABLE "task_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"task_name" text NOT NULL,
	"job_action_type" integer NOT NULL,
	"run_time" timestamp with time zone NOT NULL,
	"fire_at" timestamp with time zone,
	"status" text NOT NULL,
	"duration_ms" integer,
	"user_number" text DEFAULT '' NOT NULL,
	"instance" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_tasks_name_group_uq" ON "scheduled_tasks" USING btree (lower("task_name"),lower("group_name"));--> statement-breakpoint
CREATE INDEX "scheduled_tasks_due_idx" ON "scheduled_tasks" USING btree ("next_fire_at") WHERE "scheduled_tasks"."status" = 0;--> statement-breakpoint
CREATE INDEX "task_logs_task_idx" ON "task_logs" USING btree ("task_id","id");
