DROP TABLE billing_details;
