-- Schema version 2: the periodic driver's list of tournaments (Store::listed), so that
-- its pass reads the running ones, not every tournament ever created. A write of a
-- tournament (`tour/...`) sets `listed` in the same statement; the driver clears it
-- (compare-and-swap on the value) once the tournament needs it no more. Every
-- tournament of an older database starts listed: the driver's first pass sorts them.
ALTER TABLE docs ADD COLUMN listed boolean NOT NULL DEFAULT false;
UPDATE docs SET listed = true WHERE starts_with(key, 'tour/');
CREATE INDEX docs_listed ON docs (key) WHERE listed;
