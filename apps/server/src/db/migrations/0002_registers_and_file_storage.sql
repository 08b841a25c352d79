-- The two number registers always exist; billing takes numbers with UPDATE ... SET next = next + 1 RETURNING.
INSERT INTO "number_registers" ("kind", "next", "max_issued") VALUES ('invoice', 1, 0), ('proforma', 1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- File bytes are mostly compressed already (pdf, images, office files): store them out of line without
-- compression, which also lets substring() read a download chunk by chunk.
ALTER TABLE "files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
