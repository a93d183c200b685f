//! `AdminPayment` and the answers of the payment routes.

use domain::Cents;
use persistence::payments::PaymentRow;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPayment {
    pub id: String,
    pub user_id: i64,
    pub user_email: String,
    /// USD.
    #[schema(value_type = f64)]
    pub amount: Cents,
    /// The coin the customer chose.
    pub currency: String,
    /// local or cryptomus.
    pub provider: String,
    pub provider_uuid: Option<String>,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub credited_at: Option<i64>,
    pub expires_at: Option<i64>,
}

impl AdminPayment {
    pub fn new(row: PaymentRow, user_email: String) -> Self {
        AdminPayment {
            id: row.id,
            user_id: row.user_id.get(),
            user_email,
            amount: row.amount_cents,
            currency: row.currency,
            provider: row.provider,
            provider_uuid: row.provider_uuid,
            status: row.status.as_str().to_owned(),
            created_at: row.created_at,
            updated_at: row.updated_at,
            credited_at: row.credited_at,
            expires_at: row.expires_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentEvent {
    pub status: String,
    pub created_at: i64,
}

/// `GET /api/admin/payments/{id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentDetail {
    pub payment: AdminPayment,
    /// Each status the payment went through, oldest first.
    pub events: Vec<PaymentEvent>,
    /// The provider's last report as it sent it (JSON), or null.
    #[schema(value_type = Option<Object>)]
    pub report: Option<Value>,
}

/// `POST /api/admin/payments/{id}/check`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCheck {
    pub payment: AdminPayment,
    /// Whether the gateway's answer changed the payment.
    pub changed: bool,
}
