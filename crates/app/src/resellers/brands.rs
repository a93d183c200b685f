//! A reseller's white label (docs/resellers.md "White label"): the brand saved (its slug unique
//! across resellers, decided by the database), and its logo checked from its header, decoded on
//! the photo pool (as customers' photos are: one upload per account at a time, a few at once,
//! counted in the same hourly window) and kept as a PNG in the brand's row.

use crate::accounts::avatar::{count_upload, refusal};
use crate::accounts::avatar_image;
use crate::accounts::photos::Turn;
use crate::blocking::in_transaction;
use crate::error::AppError;
use domain::reseller_brand::Brand;
use domain::{UserId, messages as msg};
use persistence::DbPool;
use persistence::resellers::brands::{self, BrandRow, SaveError};

/// Saves the reseller's brand; 409 when another reseller has its slug.
pub async fn save(pool: &DbPool, reseller: UserId, brand: Brand) -> Result<BrandRow, AppError> {
    in_transaction(pool, move |conn| {
        match brands::save(conn, reseller, &brand) {
            Ok(row) => Ok(row),
            Err(SaveError::SlugTaken) => Err(AppError::Conflict(msg::BRAND_SLUG_TAKEN)),
            Err(SaveError::Db(e)) => Err(e.into()),
        }
    })
    .await
}

/// Counts one logo upload in the reseller's hourly window of photo uploads.
pub async fn count_logo_upload(
    pool: &DbPool,
    per_hour: u32,
    reseller: UserId,
) -> Result<(), AppError> {
    count_upload(pool, per_hour, reseller).await
}

/// Makes `input` the brand's logo, decoded in the reseller's `turn`; 409 before any brand.
pub async fn store_logo(
    pool: &DbPool,
    turn: Turn,
    reseller: UserId,
    input: Vec<u8>,
) -> Result<BrandRow, AppError> {
    avatar_image::check(&input).map_err(refusal)?;
    let logo = turn
        .decode(move || avatar_image::reencode_logo(&input))
        .await?
        .map_err(refusal)?;
    in_transaction(pool, move |conn| {
        brands::set_logo(conn, reseller, Some(&logo.bytes))?
            .ok_or(AppError::Conflict(msg::BRAND_NOT_SET))
    })
    .await
}

/// Removes the brand's logo; 409 before any brand.
pub async fn remove_logo(pool: &DbPool, reseller: UserId) -> Result<BrandRow, AppError> {
    in_transaction(pool, move |conn| {
        brands::set_logo(conn, reseller, None)?.ok_or(AppError::Conflict(msg::BRAND_NOT_SET))
    })
    .await
}
