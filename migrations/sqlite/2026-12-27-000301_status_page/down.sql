DROP TABLE sla_credits;
DROP TABLE incident_updates;
DROP TABLE incidents;
DROP TABLE status_marks;
DROP TABLE status_days;
