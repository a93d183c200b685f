//! `?page=&perPage=` on list routes: 1-based pages, a bounded page size (422 outside it, never
//! silently changed), and an offset that saturates (a page number past the end is an empty
//! page, never an overflow). Every list route answers one [`Paged`] envelope.

use crate::error::ApiError;
use domain::{FieldErrors, messages as msg};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::openapi::schema::{
    ArrayBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{IntoParams, ToSchema};

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

/// One page of a list, as every list route answers it: `{items, total, page, perPage}`. A list
/// that says more than its page flattens it beside its own fields. The OpenAPI schema is
/// `Paged_<Item>`, its items a reference to the item's own schema (see the `ToSchema` below).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Paged<T> {
    pub items: Vec<T>,
    /// Rows in the whole list, every page together.
    pub total: i64,
    /// This page's number, 1-based.
    pub page: i64,
    /// Rows per page asked for (the last page may hold fewer).
    pub per_page: i64,
}

impl<T> Paged<T> {
    /// The rows of `at`, out of `total` in the list.
    pub fn new(items: Vec<T>, total: i64, at: Page) -> Self {
        Self {
            items,
            total,
            page: at.page,
            per_page: at.per_page,
        }
    }
}

// Written by hand: utoipa's derive inlines a type parameter's whole schema into every instance
// (juhaku/utoipa#1586), so each item type would be copied into each `Paged_*` schema and an
// item named nowhere else would lose its own schema. This one refers to the item by name.
impl<T: ToSchema> utoipa::__dev::ComposeSchema for Paged<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        let whole = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                .description(Some(description))
        };
        ObjectBuilder::new()
            .description(Some(
                "One page of a list: its items, the rows in the whole list, the page (1-based) \
                 and the rows per page asked for.",
            ))
            .property(
                "items",
                ArrayBuilder::new().items(Ref::from_schema_name(T::name())),
            )
            .required("items")
            .property(
                "total",
                whole("Rows in the whole list, every page together."),
            )
            .required("total")
            .property("page", whole("This page's number, 1-based."))
            .required("page")
            .property(
                "perPage",
                whole("Rows per page asked for (the last page may hold fewer)."),
            )
            .required("perPage")
            .into()
    }
}

impl<T: ToSchema> ToSchema for Paged<T> {
    /// The prefix: a use such as `body = Paged<Row>` names the schema `Paged_Row`.
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Paged")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(schemas);
    }
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
    fn a_page_refers_to_its_item_by_name() {
        #[derive(Serialize, ToSchema)]
        struct Row {
            id: i64,
        }
        assert_eq!(Paged::<Row>::name(), "Paged");
        let schema = serde_json::to_value(<Paged<Row> as utoipa::PartialSchema>::schema()).unwrap();
        assert_eq!(
            schema["properties"]["items"]["items"],
            serde_json::json!({ "$ref": "#/components/schemas/Row" })
        );
        assert_eq!(
            schema["required"],
            serde_json::json!(["items", "total", "page", "perPage"])
        );
        let mut found = Vec::new();
        Paged::<Row>::schemas(&mut found);
        assert_eq!(
            found.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["Row"]
        );
        let at = q(Some(2), Some(10)).unwrap();
        assert_eq!(
            serde_json::to_value(Paged::new(vec![Row { id: 7 }], 11, at)).unwrap(),
            serde_json::json!({ "items": [{ "id": 7 }], "total": 11, "page": 2, "perPage": 10 })
        );
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
