-- The per-contract counter that numbers the versions, and what keeps them.
-- Plain SQL that PostgreSQL-compatible distributed databases also speak: no
-- sequences and no advisory locks; the counter row is updated in the same
-- transaction as the insert, so numbers have no gap and no duplicate.

CREATE TABLE version_counters (
  contract_id TEXT    PRIMARY KEY,
  last_number INTEGER NOT NULL CHECK (last_number >= 1)
);

-- A stored version is never changed nor removed, whoever connects.
CREATE FUNCTION versions_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'versions are immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER versions_no_update BEFORE UPDATE OR DELETE ON versions
  FOR EACH ROW EXECUTE FUNCTION versions_are_immutable();
CREATE TRIGGER versions_no_truncate BEFORE TRUNCATE ON versions
  FOR EACH STATEMENT EXECUTE FUNCTION versions_are_immutable();
