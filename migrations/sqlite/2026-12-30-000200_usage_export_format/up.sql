-- A background export of usage records is written as CSV or JSON (docs/api.md, "Usage
-- exports"); those asked for before were all CSV.
ALTER TABLE usage_exports ADD COLUMN format TEXT NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'json'));
