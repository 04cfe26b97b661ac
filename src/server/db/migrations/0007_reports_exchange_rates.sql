CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"year_month" text NOT NULL,
	"company_id" integer NOT NULL,
	"ori_currency" text DEFAULT 'RMB' NOT NULL,
	"loc_currency" text NOT NULL,
	"exchangerate" numeric(18, 6) NOT NULL,
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
CREATE TABLE "mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_record_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content_base64" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_records" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_record_id_mail_records_id_fk" FOREIGN KEY ("mail_record_id") REFERENCES "public"."mail_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_key_uq" ON "exchange_rates" USING btree ("year_month","company_id",upper("ori_currency"),upper("loc_currency"));--> statement-breakpoint
CREATE INDEX "exchange_rates_month_idx" ON "exchange_rates" USING btree ("year_month");--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_record_id");