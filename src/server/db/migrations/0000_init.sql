CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"category_number" text NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_number" text NOT NULL,
	"company_name" text NOT NULL,
	"paymentterm" text DEFAULT '' NOT NULL,
	"is_factory" integer DEFAULT 2 NOT NULL,
	"currency_number" text,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"currency_number" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"department_number" text NOT NULL,
	"department_name" text NOT NULL,
	"parent_id" integer,
	"department_path" text DEFAULT '' NOT NULL,
	"leader_number" text,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "mail_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"add_user_name" text,
	"addressee_name" text DEFAULT '' NOT NULL,
	"addressee_email" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"form_type" integer,
	"form_id" integer,
	"po_number" text,
	"sap_t9_number" text
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_menu_id" integer,
	"code" text,
	"type" integer NOT NULL,
	"menu_name_zhcn" text DEFAULT '' NOT NULL,
	"menu_name_en" text NOT NULL,
	"menu_name_zhtw" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"route_path" text DEFAULT '' NOT NULL,
	"route_name" text DEFAULT '' NOT NULL,
	"route_component" text DEFAULT '' NOT NULL,
	"route_parent_name" text DEFAULT 'Home' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"no_requires_auth" boolean DEFAULT false NOT NULL,
	"is_data" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_cols" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_col" text NOT NULL,
	"product_col_na" text NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "product_mods" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_mod" text NOT NULL,
	"product_mod_na" text NOT NULL,
	"model_type" text DEFAULT '' NOT NULL,
	"model_name" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"model_level" text DEFAULT '' NOT NULL,
	"data_type" text DEFAULT '' NOT NULL,
	"ogawa_model" boolean DEFAULT true NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type" text NOT NULL,
	"product_code" text NOT NULL,
	"item_code" text DEFAULT '' NOT NULL,
	"factory_code" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"model_no" text NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"product_colour" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"uom" text DEFAULT '' NOT NULL,
	"companys" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "role_companies" (
	"role_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "role_companies_role_id_company_id_pk" PRIMARY KEY("role_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "role_departments" (
	"role_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "role_departments_role_id_department_id_pk" PRIMARY KEY("role_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"all_data" boolean DEFAULT false NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "role_users" (
	"role_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "role_users_role_id_user_id_pk" PRIMARY KEY("role_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"department_id" integer,
	"number" text NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"sex" integer DEFAULT 1 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"rank" integer,
	"grade" integer,
	"leader_number" text,
	"password_changed_at" timestamp with time zone,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_type" text DEFAULT 'External' NOT NULL,
	"vendor_name" text NOT NULL,
	"vendor_number" text NOT NULL,
	"oih_vendor_number" text DEFAULT '' NOT NULL,
	"vendor_address" text DEFAULT '' NOT NULL,
	"vendor_contact" text DEFAULT '' NOT NULL,
	"vendor_contact_finance" text DEFAULT '' NOT NULL,
	"vendor_tel" text DEFAULT '' NOT NULL,
	"vendor_email_p" text DEFAULT '' NOT NULL,
	"email_fin" text DEFAULT '' NOT NULL,
	"paymentterm" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"fullname" text DEFAULT '' NOT NULL,
	"companys" text DEFAULT '' NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"add_time" timestamp with time zone DEFAULT now() NOT NULL,
	"add_user_number" text,
	"edit_time" timestamp with time zone,
	"edit_user_number" text,
	"disabled_time" timestamp with time zone,
	"disabled_user_number" text
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_companies" ADD CONSTRAINT "role_companies_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_companies" ADD CONSTRAINT "role_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_departments" ADD CONSTRAINT "role_departments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_departments" ADD CONSTRAINT "role_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_users" ADD CONSTRAINT "role_users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_users" ADD CONSTRAINT "role_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_category_uq" ON "categories" USING btree (lower("category"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_number_uq" ON "categories" USING btree (lower("category_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_number_uq" ON "companies" USING btree (lower("company_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_currency_uq" ON "currencies" USING btree (lower("currency"));--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_number_uq" ON "currencies" USING btree (lower("currency_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_number_uq" ON "departments" USING btree ("department_number");--> statement-breakpoint
CREATE INDEX "departments_company_idx" ON "departments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "mail_records_time_idx" ON "mail_records" USING btree ("add_time");--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_code_uq" ON "menus" USING btree ("code");--> statement-breakpoint
CREATE INDEX "menus_route_idx" ON "menus" USING btree (lower("route_path"));--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "product_cols_col_uq" ON "product_cols" USING btree (lower("product_col"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_cols_number_uq" ON "product_cols" USING btree (lower("product_col_na"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_mods_name_uq" ON "product_mods" USING btree (lower("model_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_mods_number_uq" ON "product_mods" USING btree (lower("product_mod_na"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree (lower("product_code"));--> statement-breakpoint
CREATE INDEX "products_companys_idx" ON "products" USING gin ("companys");--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("is_disabled","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_no");--> statement-breakpoint
CREATE INDEX "role_companies_company_idx" ON "role_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "role_departments_dept_idx" ON "role_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "role_users_user_idx" ON "role_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree (lower("role_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_number_uq" ON "users" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_number_uq" ON "vendors" USING btree (lower("vendor_number"));