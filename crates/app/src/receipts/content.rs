//! What a receipt says, read from the customer's ledger row and what it points at: a top-up's
//! payment (coin, invoice, blockchain transaction), a piece purchase's order (kind, plan,
//! quantity, unit price), or for any other purchase the ledger row's own description. Only the
//! owner's credited top-ups, purchases and self-serve refunds have receipts; anything else is
//! "Receipt not found".

use crate::error::AppError;
use crate::settings::ShopIdentity;
use domain::billing::BillingDetails;
use domain::{Cents, EntryKind, messages as msg};
use persistence::pieces;
use persistence::prices::{self, PriceRecord};
use persistence::users::UserRow;
use persistence::wallet::LedgerRow;
use persistence::{DbConnection, billing, payments, plans, wallet};

/// Everything printed on one receipt.
#[derive(Debug, Clone, PartialEq)]
pub struct Receipt {
    /// `R-` and the ledger row's id, zero-padded: one number per receipt, never reused.
    pub number: String,
    /// When the money moved (seconds since the epoch, shown in UTC).
    pub issued_at: i64,
    pub seller: ShopIdentity,
    pub customer: Customer,
    /// "Wallet top-up", "Purchase" or "Refund".
    pub title: &'static str,
    pub items: Vec<LineItem>,
    /// What was paid, in US dollars (positive).
    pub total: Cents,
    /// How it was paid, label and value: the coin and transaction of a top-up, the wallet for a
    /// purchase.
    pub payment: Vec<(&'static str, String)>,
}

/// The customer as billed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    pub name: String,
    pub email: String,
    pub billing: BillingDetails,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineItem {
    pub description: String,
    pub quantity: i64,
    pub unit_price: Cents,
    pub amount: Cents,
}

impl LineItem {
    fn single(description: String, amount: Cents) -> LineItem {
        LineItem {
            description,
            quantity: 1,
            unit_price: amount,
            amount,
        }
    }
}

/// The receipt of ledger row `entry_id` of `user`, or "Receipt not found" when the row is not
/// theirs or not a top-up, purchase or self-serve refund.
pub fn gather(
    conn: &mut DbConnection,
    user: &UserRow,
    entry_id: i64,
    seller: &ShopIdentity,
) -> Result<Receipt, AppError> {
    let not_found = || AppError::NotFoundWith(msg::RECEIPT_NOT_FOUND);
    let row = wallet::find_for_user(conn, entry_id, user.id)?.ok_or_else(not_found)?;
    let (title, items, payment) = match row.kind {
        EntryKind::Topup if row.amount_cents > Cents::ZERO => {
            let (items, payment) = top_up(conn, user, &row)?;
            ("Wallet top-up", items, payment)
        }
        EntryKind::Purchase if row.amount_cents < Cents::ZERO => {
            let items = purchase(conn, user, &row)?;
            let payment = vec![
                ("Paid from", "Wallet balance".to_owned()),
                ("Balance after", row.balance_after.to_string()),
            ];
            ("Purchase", items, payment)
        }
        // A self-serve refund (`crate::refunds`): its note names the purchase or piece.
        EntryKind::Refund
            if row.amount_cents > Cents::ZERO && row.reference.starts_with("refund_") =>
        {
            let description = row.note.as_deref().map_or("Refund".to_owned(), capitalised);
            let payment = vec![
                ("Credited to", "Wallet balance".to_owned()),
                ("Balance after", row.balance_after.to_string()),
            ];
            let items = vec![LineItem::single(description, row.amount_cents)];
            ("Refund", items, payment)
        }
        _ => return Err(not_found()),
    };
    let customer = Customer {
        name: user.name.clone(),
        email: user.email.clone(),
        billing: billing::get(conn, user.id)?,
    };
    Ok(Receipt {
        number: receipt_number(row.id),
        issued_at: row.created_at,
        seller: seller.clone(),
        customer,
        title,
        items,
        total: if row.amount_cents < Cents::ZERO {
            -row.amount_cents
        } else {
            row.amount_cents
        },
        payment,
    })
}

/// `R-00000042` for ledger row 42.
pub fn receipt_number(entry_id: i64) -> String {
    format!("R-{entry_id:08}")
}

type Details = (Vec<LineItem>, Vec<(&'static str, String)>);

/// A top-up: its reference is the payment's id.
fn top_up(conn: &mut DbConnection, user: &UserRow, row: &LedgerRow) -> Result<Details, AppError> {
    let amount = row.amount_cents;
    let Some(pay) = payments::find_for_user(conn, &row.reference, user.id)? else {
        // Every credited top-up has its payment row; without it the receipt still tells what
        // the ledger knows.
        let item = LineItem::single("Wallet top-up".to_owned(), amount);
        return Ok((vec![item], vec![("Payment", row.reference.clone())]));
    };
    let item = LineItem::single(format!("Wallet top-up paid in {}", pay.currency), amount);
    let mut payment = vec![
        ("Paid with", format!("Cryptocurrency ({})", pay.currency)),
        ("Payment", pay.id.clone()),
    ];
    if let Some(invoice) = pay.provider_uuid.filter(|u| !u.is_empty()) {
        payment.push(("Invoice", invoice));
    }
    if let Some(txid) = pay.raw_callback.as_deref().and_then(transaction_id) {
        payment.push(("Transaction", txid));
    }
    Ok((vec![item], payment))
}

/// The blockchain transaction id in the gateway's final report (`txid`), when it gave one.
fn transaction_id(raw: &str) -> Option<String> {
    let report: serde_json::Value = serde_json::from_str(raw).ok()?;
    report["txid"]
        .as_str()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

/// A purchase: a piece order (`piece_<order id>`) is itemised from the order; anything else
/// (a traffic plan, whose description names the plan and its GB) from the ledger row. Each is
/// at its list price, followed by what came off it (the customer's own price, the coupon) when
/// the price was not the list price (`persistence::prices`).
fn purchase(
    conn: &mut DbConnection,
    user: &UserRow,
    row: &LedgerRow,
) -> Result<Vec<LineItem>, AppError> {
    let paid = -row.amount_cents;
    let record = prices::records(conn, user.id, std::slice::from_ref(&row.reference))?
        .remove(&row.reference)
        .filter(|r| r.paid_cents == paid);
    let list = record.as_ref().map_or(paid, |r| r.list_cents);
    let mut item = listed_item(conn, user, row, paid, list)?;
    let Some(record) = record else {
        return Ok(vec![item]);
    };
    if let (Some(min_gb), Some(per_gb)) = (record.tier_min_gb, record.tier_price_cents) {
        let tier = format!(" at {per_gb} per GB (volume price from {min_gb} GB)");
        item.description.push_str(&tier);
    }
    let mut items = vec![item];
    items.extend(discounts(&record));
    Ok(items)
}

/// The purchase at its list price.
fn listed_item(
    conn: &mut DbConnection,
    user: &UserRow,
    row: &LedgerRow,
    paid: Cents,
    list: Cents,
) -> Result<LineItem, AppError> {
    let order_id = row
        .reference
        .strip_prefix("piece_")
        .and_then(|id| id.parse::<i64>().ok());
    if let Some(order) = order_id
        .map(|id| pieces::find_order(conn, id))
        .transpose()?
        .flatten()
        && order.user_id == user.id
        && order.price_cents == paid
        && order.quantity > 0
        && list.get() % i64::from(order.quantity) == 0
    {
        let plan = match order.plan_id {
            Some(id) => plans::find(conn, id)?.map(|p| p.name),
            None => None,
        };
        let mut description = order.kind.label().to_owned();
        if let Some(plan) = plan {
            description.push_str(&format!(", plan {plan}"));
        }
        if let Some(country) = order.country.filter(|c| !c.is_empty()) {
            description.push_str(&format!(" ({})", country.to_uppercase()));
        }
        let quantity = i64::from(order.quantity);
        return Ok(LineItem {
            description,
            quantity,
            unit_price: Cents::new(list.get() / quantity),
            amount: list,
        });
    }
    let description = row
        .note
        .as_deref()
        .map(capitalised)
        .unwrap_or_else(|| "Purchase".to_owned());
    Ok(LineItem::single(description, list))
}

/// The lines of what came off the list price: the customer's own price and the coupon, each a
/// negative amount.
fn discounts(record: &PriceRecord) -> Vec<LineItem> {
    let mut lines = Vec::new();
    if let Some(percent) = record.customer_percent
        && record.customer_discount_cents > Cents::ZERO
    {
        let off = -record.customer_discount_cents;
        lines.push(LineItem::single(format!("Your price: {percent}% off"), off));
    }
    if let Some(code) = &record.coupon_code {
        let off = -record.coupon_discount_cents;
        lines.push(LineItem::single(format!("Coupon {code}"), off));
    }
    lines
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_padded_ledger_ids() {
        assert_eq!(receipt_number(42), "R-00000042");
        assert_eq!(receipt_number(123_456_789), "R-123456789");
    }

    #[test]
    fn the_transaction_id_is_read_from_the_final_report() {
        assert_eq!(
            transaction_id(r#"{"status":"paid","txid":" ab12 "}"#).as_deref(),
            Some("ab12")
        );
        assert_eq!(transaction_id(r#"{"txid":null}"#), None);
        assert_eq!(transaction_id(r#"{"txid":""}"#), None);
        assert_eq!(transaction_id("not json"), None);
    }

    #[test]
    fn descriptions_start_with_a_capital() {
        assert_eq!(
            capitalised("premium plan Starter (5 GB)"),
            "Premium plan Starter (5 GB)"
        );
        assert_eq!(capitalised(""), "");
    }
}
