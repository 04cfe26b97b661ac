CREATE TABLE "workflow_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"flow" jsonb NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text
);
--> statement-breakpoint
CREATE TABLE "workflow_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"order_no" integer NOT NULL,
	"user_number" text NOT NULL,
	"user_name" text NOT NULL,
	"operates" text NOT NULL,
	"check_content" text DEFAULT '' NOT NULL,
	"transmit_info" text DEFAULT '' NOT NULL,
	"cc_info" text DEFAULT '' NOT NULL,
	"return_info" text DEFAULT '' NOT NULL,
	"check_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_type" integer NOT NULL,
	"form_id" integer NOT NULL,
	"template_id" integer,
	"flow_id" integer,
	"applicant_number" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"current_order" integer DEFAULT 1 NOT NULL,
	"steps" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"edit_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_type" integer NOT NULL,
	"template_name" text NOT NULL,
	"companys" text DEFAULT '' NOT NULL,
	"departments" text DEFAULT '' NOT NULL,
	"users" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_flows" ADD CONSTRAINT "workflow_flows_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_flow_id_workflow_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."workflow_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_flows_version_uq" ON "workflow_flows" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "workflow_history_instance_idx" ON "workflow_history" USING btree ("instance_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instances_form_uq" ON "workflow_instances" USING btree ("form_type","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_templates_name_uq" ON "workflow_templates" USING btree (lower("template_name"));--> statement-breakpoint
CREATE INDEX "workflow_templates_type_idx" ON "workflow_templates" USING btree ("form_type","sort");