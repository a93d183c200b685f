//! Wallet top-ups: the coins accepted, the one payment method, the amount rules of the Add Funds
//! dialog (docs/api.md#wallet), exact decimal strings for provider APIs, and the statuses a
//! payment goes through.

use crate::messages as msg;
use crate::money::Cents;
use crate::names::names;
use crate::validation::FieldErrors;

/// The coins a customer may pay with. LTC is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coin {
    Doge,
    Trx,
    Ltc,
    Usdt,
}

impl Coin {
    pub const ALL: [Coin; 4] = [Coin::Doge, Coin::Trx, Coin::Ltc, Coin::Usdt];
    pub const DEFAULT: Coin = Coin::Ltc;

    pub fn as_str(self) -> &'static str {
        match self {
            Coin::Doge => "DOGE",
            Coin::Trx => "TRX",
            Coin::Ltc => "LTC",
            Coin::Usdt => "USDT",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(value.trim()))
    }
}

names! {
    /// Where a top-up payment stands: ours (`pending` until a report arrives, `expired`, `failed`)
    /// or the Cryptomus status word its last report carried.
    pub enum PaymentStatus {
        Pending => "pending",
        Expired => "expired",
        Failed => "failed",
        Paid => "paid",
        PaidOver => "paid_over",
        WrongAmount => "wrong_amount",
        WrongAmountWaiting => "wrong_amount_waiting",
        Process => "process",
        Check => "check",
        ConfirmCheck => "confirm_check",
        Cancel => "cancel",
        Fail => "fail",
        SystemFail => "system_fail",
        RefundProcess => "refund_process",
        RefundFail => "refund_fail",
        RefundPaid => "refund_paid",
        Locked => "locked",
    }
}

impl PaymentStatus {
    /// Statuses after which no report but a credit changes the payment.
    pub const CLOSED: [PaymentStatus; 7] = [
        PaymentStatus::Expired,
        PaymentStatus::Failed,
        PaymentStatus::Cancel,
        PaymentStatus::Fail,
        PaymentStatus::SystemFail,
        PaymentStatus::WrongAmount,
        PaymentStatus::RefundPaid,
    ];
}

/// The single payment method, spelled as the front end has always sent it (sic).
pub const METHOD_CRYPTOMUS: &str = "cryptomous";
/// Smallest top-up: $0.10 ("Amount must be greater than 0.1" below it).
pub const MIN_TOPUP: Cents = Cents::new(10);
/// Largest single top-up: $10,000.
pub const MAX_TOPUP: Cents = Cents::new(1_000_000);

/// A valid Add Funds request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopUp {
    pub amount: Cents,
    pub coin: Coin,
}

impl TopUp {
    pub fn parse(
        amount: Option<f64>,
        method: Option<&str>,
        currency: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let method = method.map(str::trim).filter(|m| !m.is_empty());
        let (Some(amount), Some(method)) = (amount, method) else {
            let field = if amount.is_none() { "amount" } else { "method" };
            errors.add(field, msg::FILL_ALL_FIELDS);
            return Err(errors);
        };
        // Read exactly (`numbers::hundredths`): a third decimal is refused, never rounded away.
        let cents = crate::numbers::hundredths_of_f64(amount).map(Cents::new);
        if amount.is_nan() || amount < MIN_TOPUP.as_dollars() {
            errors.add("amount", msg::AMOUNT_TOO_SMALL);
        } else if amount > MAX_TOPUP.as_dollars() {
            errors.add("amount", msg::AMOUNT_TOO_LARGE);
        } else if cents.is_none() {
            errors.add("amount", msg::AMOUNT_DECIMALS);
        }
        if method != METHOD_CRYPTOMUS {
            errors.add("method", msg::UNSUPPORTED_METHOD);
        }
        // Absent is the default coin; given but blank is a field left empty.
        let coin = match currency.map(str::trim) {
            None => Some(Coin::DEFAULT),
            Some("") => {
                errors.add("currency", msg::FILL_ALL_FIELDS);
                None
            }
            Some(c) => {
                let coin = Coin::parse(c);
                if coin.is_none() {
                    errors.add("currency", msg::UNSUPPORTED_CURRENCY);
                }
                coin
            }
        };
        match (cents, coin) {
            (Some(amount), Some(coin)) if errors.is_empty() => Ok(TopUp { amount, coin }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_payment_status_round_trips_through_its_stored_name() {
        for status in PaymentStatus::ALL {
            assert_eq!(PaymentStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(PaymentStatus::parse("PAID"), None);
    }

    #[test]
    fn top_up_rules_and_messages() {
        let err = |a, m, c| TopUp::parse(a, m, c).unwrap_err();
        assert_eq!(
            err(None, Some("cryptomous"), None).get("amount"),
            Some(msg::FILL_ALL_FIELDS)
        );
        assert_eq!(
            err(Some(5.0), None, None).get("method"),
            Some(msg::FILL_ALL_FIELDS)
        );
        assert_eq!(
            err(Some(5.0), Some(" "), None).get("method"),
            Some(msg::FILL_ALL_FIELDS)
        );
        assert_eq!(
            err(Some(0.09), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_SMALL)
        );
        assert_eq!(
            err(Some(-1.0), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_SMALL)
        );
        assert_eq!(
            err(Some(f64::NAN), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_SMALL)
        );
        assert_eq!(
            err(Some(10_000.01), Some("cryptomous"), None).get("amount"),
            Some(msg::AMOUNT_TOO_LARGE)
        );
        // A third decimal is refused with the rule, never rounded (1.005 was stored as $1.00).
        for third in [1.005, 0.105, 9_999.999] {
            assert_eq!(
                err(Some(third), Some("cryptomous"), None).get("amount"),
                Some(msg::AMOUNT_DECIMALS),
                "{third}"
            );
        }
        for huge in [1e20, f64::MAX, f64::INFINITY] {
            assert_eq!(
                err(Some(huge), Some("cryptomous"), None).get("amount"),
                Some(msg::AMOUNT_TOO_LARGE),
                "{huge}"
            );
        }
        for blank in ["", "  "] {
            assert_eq!(
                err(Some(5.0), Some("cryptomous"), Some(blank)).get("currency"),
                Some(msg::FILL_ALL_FIELDS)
            );
        }
        assert_eq!(
            err(Some(5.0), Some("paypal"), None).get("method"),
            Some(msg::UNSUPPORTED_METHOD)
        );
        assert_eq!(
            err(Some(5.0), Some("cryptomous"), Some("BTC")).get("currency"),
            Some(msg::UNSUPPORTED_CURRENCY)
        );
        let ok = TopUp::parse(Some(0.1), Some("cryptomous"), None).unwrap();
        assert_eq!(
            ok,
            TopUp {
                amount: Cents::new(10),
                coin: Coin::Ltc
            }
        );
        let ok = TopUp::parse(Some(10_000.0), Some("cryptomous"), None).unwrap();
        assert_eq!(ok.amount, MAX_TOPUP);
        let ok = TopUp::parse(Some(1.5), Some("cryptomous"), None).unwrap();
        assert_eq!(ok.amount, Cents::new(150));
        let ok = TopUp::parse(Some(25.0), Some("cryptomous"), Some("usdt")).unwrap();
        assert_eq!(
            ok,
            TopUp {
                amount: Cents::new(2500),
                coin: Coin::Usdt
            }
        );
    }
}
