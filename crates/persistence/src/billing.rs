//! The billing details a customer prints on their receipts: one row per customer, written by
//! `PUT /api/user/billing` (checked in `domain::billing`); no row reads as nothing set.

use crate::connection::DbConnection;
use crate::error::DbResult;
use crate::now;
use crate::schema::billing_details;
use crate::upsert::update_or_insert;
use diesel::prelude::*;
use domain::UserId;
use domain::billing::BillingDetails;

/// The customer's billing details; every field empty when none were saved.
pub fn get(conn: &mut DbConnection, user_id: UserId) -> DbResult<BillingDetails> {
    let row: Option<(String, String, String)> = billing_details::table
        .find(user_id)
        .select((
            billing_details::company,
            billing_details::address,
            billing_details::vat_id,
        ))
        .first(conn)
        .optional()?;
    Ok(row
        .map(|(company, address, vat_id)| BillingDetails {
            company,
            address,
            vat_id,
        })
        .unwrap_or_default())
}

/// Replaces the customer's billing details.
pub fn save(conn: &mut DbConnection, user_id: UserId, details: &BillingDetails) -> DbResult<()> {
    let at = now();
    update_or_insert(
        conn,
        |c| {
            diesel::update(billing_details::table.find(user_id))
                .set((
                    billing_details::company.eq(&details.company),
                    billing_details::address.eq(&details.address),
                    billing_details::vat_id.eq(&details.vat_id),
                    billing_details::updated_at.eq(at),
                ))
                .execute(c)
        },
        |c| {
            diesel::insert_into(billing_details::table)
                .values((
                    billing_details::user_id.eq(user_id),
                    billing_details::company.eq(&details.company),
                    billing_details::address.eq(&details.address),
                    billing_details::vat_id.eq(&details.vat_id),
                    billing_details::updated_at.eq(at),
                ))
                .execute(c)
        },
    )?;
    Ok(())
}
