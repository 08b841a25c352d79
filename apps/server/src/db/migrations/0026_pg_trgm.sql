-- Trigram matching (pg_trgm) for the lists' text filters: a trusted extension, so the database's owner may create it.
-- PGlite loads it from its contrib bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
