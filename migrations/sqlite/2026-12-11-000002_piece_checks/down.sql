DROP TABLE piece_checks;
