-- Saved versions: what both databases keep, in SQL both read. Each database adds
-- its own in its folder (pg/, sqlite/): how numbers are given, and what refuses
-- a change to a stored version.

CREATE TABLE versions (
  hash          TEXT        PRIMARY KEY,
  contract_id   TEXT        NOT NULL,
  number        INTEGER     NOT NULL CHECK (number >= 1),
  linked_hash   TEXT,
  -- JSON kept as the text that was saved (JSONB would reorder its keys).
  tuition_input TEXT        NOT NULL,
  result        TEXT        NOT NULL,
  amortization  TEXT        NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL,
  UNIQUE (contract_id, number)
);
