-- The Idempotency-Key a save came with, and a fingerprint of its request: a
-- repeated key gets the version it stored (no new row), on whichever server.
-- The unique index is what makes two concurrent saves with one key store one row.

ALTER TABLE versions ADD COLUMN idempotency_key TEXT;
ALTER TABLE versions ADD COLUMN request_fingerprint TEXT;
CREATE UNIQUE INDEX versions_idempotency_key ON versions (idempotency_key) WHERE idempotency_key IS NOT NULL;
