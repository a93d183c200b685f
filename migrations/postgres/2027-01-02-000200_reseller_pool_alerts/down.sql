DELETE FROM alert_marks WHERE subject LIKE 'pool:%';
ALTER TABLE resellers DROP COLUMN budget_below_gb;
ALTER TABLE resellers DROP COLUMN premium_below_gb;
