ALTER TABLE usage_exports DROP COLUMN format;
