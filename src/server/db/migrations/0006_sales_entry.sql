CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body_hash" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"reply_status" integer,
	"reply_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "sales_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date_period" text NOT NULL,
	"year_s" integer NOT NULL,
	"month_s" integer NOT NULL,
	"rules" integer NOT NULL,
	"sum_quantity" integer DEFAULT 0 NOT NULL,
	"sum_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
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
CREATE TABLE "sales_data_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_data_detail_id" integer NOT NULL,
	"sales_data_date" text NOT NULL,
	"upload_quantity" integer DEFAULT 0 NOT NULL,
	"upload_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"online_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"retail_amount" numeric(14, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_data_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_data_id" integer NOT NULL,
	"product_mod_id" integer,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "sales_target_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"sales_target_id" integer NOT NULL,
	"date" text DEFAULT '' NOT NULL,
	"product_id" integer,
	"target_quantity" integer DEFAULT 0 NOT NULL,
	"target_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"corporat_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"offline_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "sales_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"rule" integer NOT NULL,
	"oih_target_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"oih_corporate_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"brand_collaboration" numeric(14, 2) DEFAULT 0 NOT NULL,
	"web_sales" numeric(14, 2) DEFAULT 0 NOT NULL,
	"head_office" numeric(14, 2) DEFAULT 0 NOT NULL,
	"data_status" integer DEFAULT 0 NOT NULL,
	"record_status" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "week_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year_s" integer NOT NULL,
	"month_s" integer NOT NULL,
	"date_period" text NOT NULL,
	"week_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"release_status" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "week_sales_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"week_sales_id" integer NOT NULL,
	"sales_data_date" text NOT NULL,
	"upload_amount" numeric(14, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_data" ADD CONSTRAINT "sales_data_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_data_days" ADD CONSTRAINT "sales_data_days_sales_data_detail_id_sales_data_details_id_fk" FOREIGN KEY ("sales_data_detail_id") REFERENCES "public"."sales_data_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_data_details" ADD CONSTRAINT "sales_data_details_sales_data_id_sales_data_id_fk" FOREIGN KEY ("sales_data_id") REFERENCES "public"."sales_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_data_details" ADD CONSTRAINT "sales_data_details_product_mod_id_product_mods_id_fk" FOREIGN KEY ("product_mod_id") REFERENCES "public"."product_mods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_target_details" ADD CONSTRAINT "sales_target_details_sales_target_id_sales_targets_id_fk" FOREIGN KEY ("sales_target_id") REFERENCES "public"."sales_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_target_details" ADD CONSTRAINT "sales_target_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_targets" ADD CONSTRAINT "sales_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_sales" ADD CONSTRAINT "week_sales_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_sales_days" ADD CONSTRAINT "week_sales_days_week_sales_id_week_sales_id_fk" FOREIGN KEY ("week_sales_id") REFERENCES "public"."week_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_data_period_uq" ON "sales_data" USING btree ("company_id","date_period");--> statement-breakpoint
CREATE INDEX "sales_data_year_month_idx" ON "sales_data" USING btree ("year_s","month_s");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_data_days_uq" ON "sales_data_days" USING btree ("sales_data_detail_id","sales_data_date");--> statement-breakpoint
CREATE INDEX "sales_data_details_parent_idx" ON "sales_data_details" USING btree ("sales_data_id");--> statement-breakpoint
CREATE INDEX "sales_target_details_parent_idx" ON "sales_target_details" USING btree ("sales_target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_targets_period_uq" ON "sales_targets" USING btree ("company_id","year","month","rule");--> statement-breakpoint
CREATE INDEX "sales_targets_year_month_idx" ON "sales_targets" USING btree ("year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "week_sales_period_uq" ON "week_sales" USING btree ("company_id","date_period");--> statement-breakpoint
CREATE INDEX "week_sales_year_month_idx" ON "week_sales" USING btree ("year_s","month_s");--> statement-breakpoint
CREATE UNIQUE INDEX "week_sales_days_uq" ON "week_sales_days" USING btree ("week_sales_id","sales_data_date");