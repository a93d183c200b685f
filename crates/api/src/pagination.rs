//! `?page=&perPage=` on list routes: 1-based pages, a bounded page size, and an offset that
//! saturates (a page number past the end is an empty page, never an overflow).

use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageQuery {
    pub page: Option<i64>,
    #[serde(rename = "perPage")]
    pub per_page: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub page: i64,
    pub per_page: i64,
    pub offset: i64,
}

impl PageQuery {
    /// The page asked for, with `default` rows when unspecified and at most `max`.
    pub fn resolve(&self, default: i64, max: i64) -> Page {
        let per_page = self.per_page.unwrap_or(default).clamp(1, max);
        let page = self.page.unwrap_or(1).max(1);
        Page {
            page,
            per_page,
            offset: (page - 1).saturating_mul(per_page),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_bounded_and_offsets_saturate() {
        let q = |page, per_page| PageQuery { page, per_page }.resolve(20, 100);
        assert_eq!(
            q(None, None),
            Page {
                page: 1,
                per_page: 20,
                offset: 0
            }
        );
        assert_eq!(
            q(Some(3), Some(10)),
            Page {
                page: 3,
                per_page: 10,
                offset: 20
            }
        );
        assert_eq!(
            q(Some(-5), Some(0)),
            Page {
                page: 1,
                per_page: 1,
                offset: 0
            }
        );
        assert_eq!(q(Some(2), Some(10_000)).per_page, 100);
        assert_eq!(q(Some(i64::MAX), Some(100)).offset, i64::MAX);
    }
}
