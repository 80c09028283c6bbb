-- Videos already on the upload page join the media pipeline's queue (issue 34); new ones join at complete.
INSERT INTO "media_assets" ("source_key")
SELECT "key" FROM "customer_uploads"
WHERE "status" = 'complete' AND "content_type" LIKE 'video/%'
ON CONFLICT DO NOTHING;
