//! A reseller's brand as its clients and the public sign-in page see it (`PublicBrand`), and as
//! the reseller sees it (`ResellerBrand`: also the host its clients' lines name).

use persistence::resellers::brands::BrandRow;
use serde::Serialize;
use utoipa::ToSchema;

/// What a reseller's clients see instead of the shop's brand (docs/resellers.md "White label").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicBrand {
    /// The sign-in page is `/r/{slug}`.
    pub slug: String,
    pub name: String,
    /// `#rrggbb`.
    pub colour: String,
    pub support_email: Option<String>,
    pub support_url: Option<String>,
    /// The logo's address on this API (a PNG); null: none.
    pub logo_url: Option<String>,
}

impl From<&BrandRow> for PublicBrand {
    fn from(row: &BrandRow) -> Self {
        PublicBrand {
            slug: row.slug.clone(),
            name: row.name.clone(),
            colour: row.colour.clone(),
            support_email: row.support_email.clone(),
            support_url: row.support_url.clone(),
            logo_url: row
                .has_logo
                .then(|| format!("/api/brands/{}/logo?v={}", row.slug, row.logo_version)),
        }
    }
}

/// The reseller's own brand.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResellerBrand {
    #[serde(flatten)]
    pub brand: PublicBrand,
    /// The host name its clients' lines name (a CNAME to the shop's gateway); null: the shop's.
    pub proxy_host: Option<String>,
    pub updated_at: i64,
}

impl From<&BrandRow> for ResellerBrand {
    fn from(row: &BrandRow) -> Self {
        ResellerBrand {
            brand: PublicBrand::from(row),
            proxy_host: row.proxy_host.clone(),
            updated_at: row.updated_at,
        }
    }
}
