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
