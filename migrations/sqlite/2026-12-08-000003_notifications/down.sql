DROP TABLE webhook_deliveries;
DROP TABLE alert_marks;
DROP TABLE alert_settings;
DROP TABLE notifications;
