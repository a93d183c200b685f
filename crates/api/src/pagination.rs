//! `?page=&perPage=` on list routes: 1-based pages, a bounded page size (422 outside it, never
//! silently changed), and an offset that saturates (a page number past the end is an empty
//! page, never an overflow).

use crate::error::ApiError;
use domain::{FieldErrors, messages as msg};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageQuery {
    /// 1-based; below 1 is 422.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Rows per page, from 1 to `PER_PAGE_MAX` (422 outside).
    #[serde(rename = "perPage")]
    #[param(minimum = 1, maximum = 200)]
    pub per_page: Option<i64>,
}

/// The largest page of any list (the OpenAPI `maximum` of `perPage` says the same).
pub const PER_PAGE_MAX: i64 = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub page: i64,
    pub per_page: i64,
    pub offset: i64,
}

impl PageQuery {
    /// The page asked for, with `default` rows when unspecified; 422 naming the allowed range
    /// for a page below 1 or a page size outside 1 to `PER_PAGE_MAX`.
    pub fn resolve(&self, default: i64) -> Result<Page, ApiError> {
        let max = PER_PAGE_MAX;
        let mut errors = FieldErrors::new();
        let page = self.page.unwrap_or(1);
        if page < 1 {
            errors.add("page", msg::PAGE_RANGE);
        }
        let per_page = self.per_page.unwrap_or(default);
        if !(1..=max).contains(&per_page) {
            errors.add("perPage", msg::per_page_range(max));
        }
        if !errors.is_empty() {
            return Err(ApiError::Validation(errors));
        }
        Ok(Page {
            page,
            per_page,
            offset: (page - 1).saturating_mul(per_page),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(page: Option<i64>, per_page: Option<i64>) -> Result<Page, String> {
        PageQuery { page, per_page }
            .resolve(20)
            .map_err(|e| match e {
                ApiError::Validation(f) => f
                    .iter()
                    .map(|(k, m)| format!("{k}: {m}"))
                    .collect::<Vec<_>>()
                    .join("; "),
                _ => "other".to_owned(),
            })
    }

    #[test]
    fn pages_are_bounded_and_offsets_saturate() {
        assert_eq!(
            q(None, None),
            Ok(Page {
                page: 1,
                per_page: 20,
                offset: 0
            })
        );
        assert_eq!(
            q(Some(3), Some(10)),
            Ok(Page {
                page: 3,
                per_page: 10,
                offset: 20
            })
        );
        assert_eq!(q(Some(2), Some(100)).unwrap().per_page, 100);
        assert_eq!(q(Some(i64::MAX), Some(100)).unwrap().offset, i64::MAX);
    }

    #[test]
    fn out_of_range_pages_are_refused_not_changed() {
        let per_page = "perPage: perPage must be a whole number from 1 to 200";
        let page = "page: page must be a whole number of at least 1";
        assert_eq!(q(Some(1), Some(201)), Err(per_page.to_owned()));
        assert_eq!(q(Some(1), Some(200)).unwrap().per_page, 200);
        assert_eq!(q(Some(1), Some(0)), Err(per_page.to_owned()));
        assert_eq!(q(Some(0), None), Err(page.to_owned()));
        assert_eq!(q(Some(-1), Some(-5)), Err(format!("{page}; {per_page}")));
    }
}
