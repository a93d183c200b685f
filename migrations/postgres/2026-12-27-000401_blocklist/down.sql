DROP TABLE user_blocklist;
DROP TABLE blocklist_rules;
