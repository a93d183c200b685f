-- A reseller's low-pool alerts (docs/resellers.md "Reports"): the GB of its own premium and
-- budget traffic below which the alerts check notifies it; NULL: off.
ALTER TABLE resellers ADD COLUMN premium_below_gb INTEGER;
ALTER TABLE resellers ADD COLUMN budget_below_gb INTEGER;
