-- A stored version is never changed nor removed, whoever opens the file.
-- Numbers are given inside an IMMEDIATE transaction (sqlite.ts), which no
-- other writer can enter between reading the last number and inserting.

CREATE TRIGGER versions_are_immutable BEFORE UPDATE ON versions
BEGIN SELECT RAISE(ABORT, 'versions are immutable'); END;
CREATE TRIGGER versions_are_kept BEFORE DELETE ON versions
BEGIN SELECT RAISE(ABORT, 'versions are never deleted'); END;
