-- How many lines one history row stands for: a rotating generation of N identical lines is one
-- row with quantity N (docs/api.md#proxy-history); sticky lines, pieces and every row from before
-- stay one line each.
ALTER TABLE proxy_history ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1);
