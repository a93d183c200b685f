//! The three descriptions of the data model agree: `schema.rs`, the SQLite migrations and the
//! PostgreSQL migrations (a partition, such as a day table of the usage records, is part of its
//! table, not a table of the model). And every migration is reversible: up, down, up again.

use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use persistence::connection::revert_all_migrations;
use persistence::testing::TestDatabase;
use persistence::{DbConnection, both_backends, run_migrations};
use std::collections::BTreeMap;

type Columns = BTreeMap<(String, String), String>;

/// (table, column) -> diesel type, read from the text of schema.rs.
fn declared() -> Columns {
    let text = include_str!("../../src/schema.rs");
    let mut columns = Columns::new();
    let mut table: Option<String> = None;
    let mut after_macro = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with("diesel::table!") {
            after_macro = true;
        } else if after_macro {
            table = line.split_whitespace().next().map(str::to_owned);
            after_macro = false;
        } else if let (Some(t), Some((col, ty))) = (&table, line.split_once(" -> ")) {
            columns.insert(
                (t.clone(), col.to_owned()),
                ty.trim_end_matches(',').to_owned(),
            );
        } else if line == "}" {
            table = None;
        }
    }
    assert!(
        columns.len() > 100,
        "parsed too few columns: {}",
        columns.len()
    );
    columns
}

#[derive(QueryableByName)]
struct Col {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
    #[diesel(sql_type = Text)]
    data_type: String,
    #[diesel(sql_type = Integer)]
    nullable: i32,
    #[diesel(sql_type = Integer)]
    pk: i32,
}

fn actual(conn: &mut DbConnection) -> Columns {
    let rows: Vec<Col> = match conn {
        DbConnection::Sqlite(c) => diesel::sql_query(
            "SELECT m.name AS table_name, p.name AS column_name, upper(p.type) AS data_type, \
             CASE WHEN p.\"notnull\" = 0 AND p.pk = 0 THEN 1 ELSE 0 END AS nullable, p.pk AS pk \
             FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
             AND m.name <> '__diesel_schema_migrations'",
        )
        .load(c)
        .unwrap(),
        DbConnection::Postgres(c) => diesel::sql_query(
            "SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, \
             upper(c.data_type)::text AS data_type, \
             CASE WHEN c.is_nullable = 'YES' THEN 1 ELSE 0 END AS nullable, 0 AS pk \
             FROM information_schema.columns c WHERE c.table_schema = 'public' \
             AND c.table_name <> '__diesel_schema_migrations' \
             AND c.table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)",
        )
        .load(c)
        .unwrap(),
    };
    rows.into_iter()
        .map(|r| {
            let base = match (r.data_type.as_str(), r.pk) {
                ("INTEGER", 1) => "BigInt", // SQLite's rowid primary key is 64-bit
                ("BIGINT", _) => "BigInt",
                ("INTEGER", _) => "Integer",
                ("TEXT", _) => "Text",
                ("BOOLEAN", _) => "Bool",
                ("BLOB" | "BYTEA", _) => "Binary",
                (other, _) => panic!(
                    "unexpected type {other} for {}.{}",
                    r.table_name, r.column_name
                ),
            };
            let ty = if r.nullable == 1 {
                format!("Nullable<{base}>")
            } else {
                base.to_owned()
            };
            ((r.table_name, r.column_name), ty)
        })
        .collect()
}

both_backends! {
    fn schema_matches_and_migrations_reverse(db) {
        // Up, down, up from no tables at all: not the migrated copy the macro hands out.
        let backend = db.backend;
        let db = TestDatabase::empty(backend).expect("a database like the one handed out");
        let mut conn = db.pool.get().unwrap();
        assert!(run_migrations(&mut conn).unwrap() >= 1);
        assert_eq!(
            actual(&mut conn),
            declared(),
            "{backend:?} schema differs from schema.rs"
        );

        let reverted = revert_all_migrations(&mut conn).unwrap();
        assert!(reverted >= 1);
        assert!(
            actual(&mut conn).is_empty(),
            "{backend:?}: down.sql left tables behind"
        );

        run_migrations(&mut conn).unwrap();
        assert_eq!(
            actual(&mut conn),
            declared(),
            "{backend:?} schema differs after up/down/up"
        );
    }
}
