//! A query's plan as the database chooses it, for the tests that check an index serves a query:
//! `Explain` writes `EXPLAIN QUERY PLAN` (SQLite) or `EXPLAIN` (PostgreSQL) before a query built
//! with diesel, with the same bound parameters.

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Integer, Text};
use diesel::{QueryResult, RunQueryDsl};
use std::marker::PhantomData;

/// `EXPLAIN` of `query`; `ST` the types of the rows the backend answers.
pub struct Explain<Q, ST> {
    prefix: &'static str,
    query: Q,
    rows: PhantomData<ST>,
}

impl<Q> Explain<Q, (Integer, Integer, Integer, Text)> {
    /// SQLite's plan: one row per step (id, parent, unused, detail).
    pub fn sqlite(query: Q) -> Self {
        Explain {
            prefix: "EXPLAIN QUERY PLAN ",
            query,
            rows: PhantomData,
        }
    }
}

impl<Q> Explain<Q, Text> {
    /// PostgreSQL's plan: one line of text per row.
    pub fn postgres(query: Q) -> Self {
        Explain {
            prefix: "EXPLAIN ",
            query,
            rows: PhantomData,
        }
    }
}

impl<Q, ST> QueryId for Explain<Q, ST> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q, ST> Query for Explain<Q, ST> {
    type SqlType = ST;
}

impl<DB: Backend, Q: QueryFragment<DB>, ST> QueryFragment<DB> for Explain<Q, ST> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.unsafe_to_cache_prepared();
        out.push_sql(self.prefix);
        self.query.walk_ast(out.reborrow())
    }
}

impl<Q, ST, Conn> RunQueryDsl<Conn> for Explain<Q, ST> {}

/// The plan the database chooses for `$query` on `$conn` (a `&mut DbConnection`), one step a
/// line: SQLite's `EXPLAIN QUERY PLAN` details, or PostgreSQL's `EXPLAIN` lines; a
/// `QueryResult<String>`. `$query` is written once per backend and built for the one in use.
#[cfg(feature = "testing")]
macro_rules! plan_lines {
    ($conn:expr, $query:expr) => {{
        use diesel::RunQueryDsl;
        let conn: &mut $crate::DbConnection = $conn;
        match conn {
            $crate::DbConnection::Sqlite(_) => $crate::explain::Explain::sqlite($query)
                .load::<(i32, i32, i32, String)>(conn)
                .map(|steps| {
                    let details: Vec<String> = steps.into_iter().map(|(_, _, _, d)| d).collect();
                    details.join("\n")
                }),
            $crate::DbConnection::Postgres(_) => $crate::explain::Explain::postgres($query)
                .load::<String>(conn)
                .map(|lines| lines.join("\n")),
        }
    }};
}
#[cfg(feature = "testing")]
pub(crate) use plan_lines;
