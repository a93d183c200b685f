//! Answers shared by several routes (an area's own answers are its `view.rs`). Names are those
//! of the OpenAPI schemas the front end generates its types from.

use crate::blocking::with_conn;
use crate::brand_view::PublicBrand;
use crate::error::ApiError;
use domain::pricing::Tier;
use domain::{Cents, EntryKind, Role};
use persistence::DbPool;
use persistence::prices::PriceRecord;
use persistence::resellers::{accounts, brands};
use persistence::users::UserRow;
use persistence::wallet::LedgerRow;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub name: String,
    #[serde(rename = "avatarUrl")]
    pub avatar_url: Option<String>,
    /// E.164 (`+14155550123`); absent when none is set (`PATCH /api/user/profile`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
}

/// The customer as the front end sees them: nothing secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct User {
    pub name: String,
    pub email: String,
    #[serde(rename = "photoURL")]
    pub photo_url: Option<String>,
    pub profile: Profile,
    #[schema(value_type = String, example = "user")]
    pub role: Role,
    /// Wallet balance in dollars.
    #[schema(value_type = f64, example = 25.0)]
    pub balance: Cents,
    #[serde(rename = "refCode")]
    pub ref_code: String,
    /// False for an account made with Google sign-in that has not set a password yet: it sets a
    /// first one without a current password (`POST /api/user/password`).
    #[serde(rename = "hasPassword")]
    pub has_password: bool,
    /// Set for a sub-user's sign-in (docs/subusers.md): the sub-user it may see, and nothing
    /// else of the account that invited it.
    #[serde(rename = "subuserId")]
    pub subuser_id: Option<i64>,
    /// True for a reseller's client (docs/resellers.md): the account sees only its own traffic,
    /// usage and records and generates its lines; it buys nothing from the shop.
    #[serde(rename = "resellerClient")]
    pub reseller_client: bool,
    /// True for an enabled reseller (docs/resellers.md): the account has the reseller console.
    pub reseller: bool,
    /// For a client whose reseller set a brand: what it sees instead of the shop's; null
    /// otherwise.
    pub brand: Option<PublicBrand>,
}

/// The account as the front end sees it, with what it is as a reseller or a client: every
/// route that answers the signed-in user builds it here, so that they all agree.
pub async fn user_view(pool: &DbPool, row: &UserRow) -> Result<User, ApiError> {
    user_view_knowing(pool, row, None).await
}

/// `user_view` when whether the account is an enabled reseller is already known (read with
/// the session): a customer's answer then costs no query.
pub async fn user_view_knowing(
    pool: &DbPool,
    row: &UserRow,
    reseller: Option<bool>,
) -> Result<User, ApiError> {
    let (id, client) = (row.id, row.reseller_id.is_some());
    let (reseller, brand) = match (client, reseller) {
        (false, Some(known)) => (known, None),
        _ => {
            with_conn(pool, move |conn| {
                Ok(if client {
                    (false, brands::of_client(conn, id)?)
                } else {
                    (accounts::enabled(conn, id)?.is_some(), None)
                })
            })
            .await?
        }
    };
    Ok(User {
        reseller,
        brand: brand.as_ref().map(PublicBrand::from),
        ..User::plain(row)
    })
}

impl User {
    /// The account's own fields, as neither a reseller nor a branded client.
    fn plain(row: &UserRow) -> Self {
        User {
            name: row.name.clone(),
            email: row.email.clone(),
            photo_url: row.avatar_url.clone(),
            profile: Profile {
                name: row.name.clone(),
                avatar_url: row.avatar_url.clone(),
                phone: row.phone.clone(),
            },
            role: Role::from_stored(&row.role),
            balance: row.balance_cents,
            ref_code: row.ref_code.clone(),
            has_password: row.password_hash.is_some(),
            subuser_id: row.subuser_id,
            reseller_client: row.reseller_id.is_some(),
            reseller: false,
            brand: None,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserEnvelope {
    pub user: Option<User>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// A message and the signed-in user (login, registration, Google sign-in).
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub message: String,
    pub user: User,
}

/// Every error: a message for the customer, and per-field messages for validation errors.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorResponse {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<std::collections::BTreeMap<String, String>>,
}

/// One row of a wallet ledger, as the customer's wallet page and the operator's view of a
/// customer both show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    pub id: i64,
    /// topup, purchase, referral_bonus, refund, admin_adjustment or sla_credit.
    #[schema(value_type = String)]
    pub kind: EntryKind,
    /// Signed dollars: positive in, negative out.
    #[schema(value_type = f64)]
    pub amount: Cents,
    #[schema(value_type = f64)]
    pub balance_after: Cents,
    pub reference: String,
    pub note: Option<String>,
    pub created_at: i64,
    /// A purchase whose price was not the list price: how it was reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pricing: Option<PriceBreakdown>,
}

/// How a purchase's price was reached: the list price (a custom amount at its volume tier), the
/// customer's own price of the kind, then a coupon.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBreakdown {
    /// USD before any discount.
    #[schema(value_type = f64)]
    pub list_price: Cents,
    /// The volume tier that priced a custom amount.
    pub tier: Option<TierView>,
    /// The customer's own per-cent discount of the kind.
    pub customer_percent: Option<i32>,
    /// USD the customer's own price took off.
    #[schema(value_type = f64)]
    pub customer_discount: Cents,
    /// The coupon code applied.
    pub coupon: Option<String>,
    /// USD the coupon took off.
    #[schema(value_type = f64)]
    pub coupon_discount: Cents,
    /// USD paid.
    #[schema(value_type = f64)]
    pub paid: Cents,
}

impl From<PriceRecord> for PriceBreakdown {
    fn from(r: PriceRecord) -> Self {
        PriceBreakdown {
            list_price: r.list_cents,
            tier: r
                .tier_min_gb
                .zip(r.tier_price_cents)
                .map(|(min_gb, price)| {
                    TierView::from(Tier {
                        min_gb,
                        price_per_gb: price,
                    })
                }),
            customer_percent: r.customer_percent,
            customer_discount: r.customer_discount_cents,
            coupon: r.coupon_code,
            coupon_discount: r.coupon_discount_cents,
            paid: r.paid_cents,
        }
    }
}

/// A traffic plan's volume price: from `minGb` GB up, `pricePerGb` USD per GB.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TierView {
    pub min_gb: i64,
    #[schema(value_type = f64)]
    pub price_per_gb: Cents,
}

impl From<Tier> for TierView {
    fn from(t: Tier) -> Self {
        TierView {
            min_gb: t.min_gb,
            price_per_gb: t.price_per_gb,
        }
    }
}

/// Ledger rows with the price breakdowns of the purchases that have one (a refund of a failed
/// order shares its purchase's reference, not its breakdown).
pub fn ledger_entries(
    rows: Vec<LedgerRow>,
    mut records: std::collections::HashMap<String, PriceRecord>,
) -> Vec<LedgerEntry> {
    rows.into_iter()
        .map(|row| {
            let pricing = (row.kind == EntryKind::Purchase)
                .then(|| records.remove(&row.reference).map(PriceBreakdown::from))
                .flatten();
            LedgerEntry {
                pricing,
                ..LedgerEntry::from(row)
            }
        })
        .collect()
}

impl From<LedgerRow> for LedgerEntry {
    fn from(r: LedgerRow) -> Self {
        LedgerEntry {
            id: r.id,
            kind: r.kind,
            amount: r.amount_cents,
            balance_after: r.balance_after,
            reference: r.reference,
            note: r.note,
            created_at: r.created_at,
            pricing: None,
        }
    }
}
