//! Which of one customer's records a read covers (`RecordFilter`), and the same as one diesel
//! expression of fixed type (`beside_time!`, `matching!`), which the reads in `walk.rs` and
//! `breakdown.rs` filter by.

use domain::usage::{CredentialKind, Outcome};
use domain::{ProxyKind, UserId};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Which of one customer's records a read covers; `None` is no condition.
#[derive(Debug, Clone)]
pub struct RecordFilter {
    pub user_id: UserId,
    pub kind: Option<ProxyKind>,
    /// Unix seconds, inclusive.
    pub from: Option<i64>,
    /// Unix seconds, exclusive.
    pub to: Option<i64>,
    /// A substring of the host, case-insensitive.
    pub host: Option<String>,
    pub outcome: Option<Outcome>,
    /// One credential, as the breakdown by credential names it: its kind and label (exact).
    pub credential: Option<(CredentialKind, String)>,
    /// Nothing started before this instant, whatever `from` says: the creation of the sub-user
    /// a caller is limited to (records are filed under a sub-user's name, and a removed
    /// sub-user's name may be given to a new one). The rollups take it to its hour.
    pub since: Option<i64>,
}

impl RecordFilter {
    pub fn of(user_id: UserId) -> RecordFilter {
        RecordFilter {
            user_id,
            kind: None,
            from: None,
            to: None,
            host: None,
            outcome: None,
            credential: None,
            since: None,
        }
    }

    /// Where the window starts: the later of `from` and `since`.
    pub fn start(&self) -> Option<i64> {
        match (self.from, self.since) {
            (Some(from), Some(since)) => Some(from.max(since)),
            (from, since) => from.or(since),
        }
    }
}

/// The credential condition of `filter` in a fixed shape: the kinds it allows, the label, and
/// `TRUE` when any label will do (`FALSE` when the label must match), so that an absent
/// condition matches every row without changing the expression's type.
pub(crate) fn credential_terms(
    f: &RecordFilter,
) -> (
    Vec<CredentialKind>,
    String,
    diesel::expression::SqlLiteral<diesel::sql_types::Bool>,
) {
    match &f.credential {
        Some((kind, label)) => (vec![*kind], label.clone(), diesel::dsl::sql("1 = 0")),
        None => (
            CredentialKind::ALL.to_vec(),
            String::new(),
            diesel::dsl::sql("1 = 1"),
        ),
    }
}

/// The conditions of `filter` other than its time range, as one expression of fixed type (an
/// absent condition matches everything), so that the grouped queries need no boxing. Used by
/// `walk.rs` and `breakdown.rs`, which import `cr` and `RecordFilter`.
macro_rules! beside_time {
    ($filter:expr) => {{
        use domain::ProxyKind;
        use domain::usage::Outcome;
        let f: &RecordFilter = $filter;
        let kinds: Vec<ProxyKind> = f.kind.map_or_else(|| ProxyKind::ALL.to_vec(), |k| vec![k]);
        let outcomes: Vec<Outcome> = f.outcome.map_or_else(|| Outcome::ALL.to_vec(), |o| vec![o]);
        let pattern = crate::like::contains(f.host.as_deref().unwrap_or(""));
        let (credential_kinds, label, any_label) = super::filter::credential_terms(f);
        cr::user_id
            .eq(f.user_id)
            .and(cr::kind.eq_any(kinds))
            .and(cr::outcome.eq_any(outcomes))
            .and(super::filter::lower(cr::host).like(pattern).escape('\\'))
            .and(cr::credential_kind.eq_any(credential_kinds))
            .and(cr::credential_label.eq(label).or(any_label))
    }};
}

/// Every condition of `filter` as one expression of fixed type.
macro_rules! matching {
    ($filter:expr) => {{
        let f: &RecordFilter = $filter;
        beside_time!(f)
            .and(cr::started_at.ge(f.start().unwrap_or(i64::MIN)))
            .and(cr::started_at.lt(f.to.unwrap_or(i64::MAX)))
    }};
}
