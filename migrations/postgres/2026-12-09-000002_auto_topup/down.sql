DROP TABLE auto_topups;
