//! [`LocalPayouts`]: the stand-in for Cryptomus payouts under the local checkout
//! (`PROXYSHOP_LOCAL_CHECKOUT=true`). No money moves; every payout is reported paid at once,
//! so it sends no callbacks (any callback is refused as unsigned) and knows no payout to report.

use super::sender::{
    PayoutError, PayoutOrder, PayoutReceipt, PayoutReport, PayoutSender, check_order_id,
};

#[derive(Debug, Default)]
pub struct LocalPayouts;

#[async_trait::async_trait]
impl PayoutSender for LocalPayouts {
    fn kind(&self) -> &'static str {
        "local"
    }

    async fn send(&self, order: &PayoutOrder) -> Result<PayoutReceipt, PayoutError> {
        check_order_id(&order.order_id)?;
        tracing::info!(order_id = %order.order_id, amount = %order.amount,
            coin = order.coin.as_str(), "local payout marked paid (no money moved)");
        Ok(PayoutReceipt {
            provider_ref: Some(format!("local-{}", order.order_id)),
            status: "paid".to_owned(),
            is_final: true,
        })
    }

    async fn payout_info(&self, order_id: &str) -> Result<Option<PayoutReport>, PayoutError> {
        check_order_id(order_id)?;
        Ok(None)
    }

    fn verify_callback(&self, _body: &[u8]) -> Result<PayoutReport, PayoutError> {
        Err(PayoutError::BadSignature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{Cents, Coin};

    #[tokio::test]
    async fn every_payout_is_paid_and_a_bad_order_id_refused() {
        let mut order = PayoutOrder {
            order_id: "payout-abc".into(),
            amount: Cents::new(2500),
            coin: Coin::Ltc,
            address: "LcHKx1nM2vq4p8wQdN5bRtYzA7sE3uFgJ9".into(),
            callback_url: None,
        };
        let receipt = LocalPayouts.send(&order).await.unwrap();
        assert_eq!((receipt.status.as_str(), receipt.is_final), ("paid", true));
        assert_eq!(LocalPayouts.payout_info("payout-abc").await.unwrap(), None);
        assert!(matches!(
            LocalPayouts.verify_callback(br#"{"type":"payout","sign":"x"}"#),
            Err(PayoutError::BadSignature)
        ));
        assert_eq!(receipt.provider_ref.as_deref(), Some("local-payout-abc"));
        order.order_id = "a b".into();
        assert!(matches!(
            LocalPayouts.send(&order).await,
            Err(PayoutError::Malformed(_))
        ));
    }
}
