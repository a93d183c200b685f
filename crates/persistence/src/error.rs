//! The persistence error: a database or pool failure, or a broken uniqueness rule that callers
//! may want to tell apart (an email taken, a reference used twice).

use thiserror::Error;

#[derive(Debug, Error)]
pub enum DbError {
    #[error("unique constraint violated: {0}")]
    UniqueViolation(String),
    #[error("database error: {0}")]
    Query(#[source] diesel::result::Error),
    #[error("connection pool error: {0}")]
    Pool(#[from] r2d2::Error),
    #[error("cannot connect to the database: {0}")]
    Connect(String),
    #[error("migration failed: {0}")]
    Migration(String),
    #[error("invalid database URL: {0}")]
    BadUrl(String),
}

pub type DbResult<T> = Result<T, DbError>;

impl From<diesel::result::Error> for DbError {
    fn from(err: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match err {
            Error::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
                DbError::UniqueViolation(
                    info.constraint_name().unwrap_or(info.message()).to_owned(),
                )
            }
            other => DbError::Query(other),
        }
    }
}
