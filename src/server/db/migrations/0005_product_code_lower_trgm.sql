DROP INDEX "products_code_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_code_lower_trgm_idx" ON "products" USING gin (lower("product_code") gin_trgm_ops);