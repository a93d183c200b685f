//! `SUM` as both backends answer it alike.

use diesel::dsl::sql;
use diesel::sql_types::BigInt;

/// `SUM(column)` as a BIGINT, 0 for no rows (PostgreSQL sums BIGINT as NUMERIC otherwise).
pub(crate) fn sum_of(column: &str) -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>(&format!("CAST(COALESCE(SUM({column}), 0) AS BIGINT)"))
}
