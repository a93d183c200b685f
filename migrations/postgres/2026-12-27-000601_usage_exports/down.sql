DROP TABLE usage_export_parts;
DROP TABLE usage_exports;
