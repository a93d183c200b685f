DROP TABLE customer_notes;
