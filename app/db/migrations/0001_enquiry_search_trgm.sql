-- Custom SQL migration file, put your code below! --
-- Trigram index for the admin enquiry search (case-insensitive ILIKE on name, email, company and
-- message; app/features/enquiries/admin.server.ts). pg_trgm ships with PostgreSQL (contrib, a
-- trusted extension); embedded PGlite does not load it, so there the block does nothing and the
-- search scans the table, which is fine at laptop sizes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS enquiries_search_trgm_idx ON enquiries
      USING gin (name gin_trgm_ops, email gin_trgm_ops, company gin_trgm_ops, message gin_trgm_ops);
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): the enquiry search runs without a trigram index', SQLERRM;
END $$;
