DROP INDEX traffic_purchases_user_kind;
DROP TABLE plan_limits;
