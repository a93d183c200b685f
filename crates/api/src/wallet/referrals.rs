//! `GET /api/user/referrals`: the customer's referral code, what it earned and from whom
//! (emails masked: a referrer sees that a friend joined, not the friend's address).

use crate::blocking::with_conn;
use crate::error::ApiError;
use crate::extractors::CurrentUser;
use crate::state::AppState;
use actix_web::{HttpResponse, get, web};
use domain::Cents;
use persistence::referrals;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralBonus {
    /// The referred customer's email, masked ("b***@example.com").
    pub user: String,
    pub date: i64,
    #[schema(value_type = f64)]
    pub bonus: Cents,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralHistory {
    #[serde(rename = "refCode")]
    pub ref_code: String,
    pub percent: u32,
    #[serde(rename = "referredCount")]
    pub referred_count: i64,
    #[serde(rename = "totalBonus")]
    #[schema(value_type = f64)]
    pub total_bonus: Cents,
    /// The referral balance (apart from the wallet): what can be moved to the wallet or paid
    /// out (docs/api.md#referral-payouts).
    #[schema(value_type = f64)]
    pub balance: Cents,
    /// The smallest payout, in dollars (`PROXYSHOP_PAYOUT_MIN`).
    #[serde(rename = "payoutMin")]
    #[schema(value_type = f64)]
    pub payout_min: Cents,
    pub bonuses: Vec<ReferralBonus>,
}

/// "bob@example.com" to "b***@example.com".
pub fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".to_owned(),
    }
}

#[utoipa::path(tag = "wallet",
    responses((status = 200, body = ReferralHistory), (status = 401)))]
#[get("/user/referrals")]
pub async fn referral_history(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let id = user.0.id;
    let (rows, (referred_count, total), balance) = with_conn(&state.services.pool, move |conn| {
        Ok((
            referrals::for_referrer(conn, id, 200)?,
            referrals::summary(conn, id)?,
            persistence::referral_balance::balance(conn, id)?,
        ))
    })
    .await?;
    Ok(HttpResponse::Ok().json(ReferralHistory {
        ref_code: user.0.ref_code,
        percent: state.settings.referral_percent,
        referred_count,
        total_bonus: total,
        balance,
        payout_min: state.settings.payout_min,
        bonuses: rows
            .into_iter()
            .map(|(email, date, cents)| ReferralBonus {
                user: mask_email(&email),
                date,
                bonus: cents,
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn masks_all_but_the_first_letter() {
        assert_eq!(super::mask_email("bob@example.com"), "b***@example.com");
        assert_eq!(super::mask_email("x"), "***");
    }
}
