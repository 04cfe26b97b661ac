-- Trigram indexes make the "contains" filters of large lists (product code) use an index instead of a scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
