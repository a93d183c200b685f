//! Referral payouts (docs/api.md#referral-payouts): the referral balance's ledger kinds, a
//! payout's life, and the customer's payout request (amount in USD, a coin, an address) with
//! every field message.

use crate::messages as msg;
use crate::money::Cents;
use crate::names::names;
use crate::payment::Coin;
use crate::validation::FieldErrors;

names! {
    /// Why a referral ledger row was written.
    pub enum ReferralEntryKind {
        /// A referred customer's credited top-up earned the referrer their share.
        Earned => "earned",
        /// The customer moved referral money into their wallet.
        ToWallet => "to_wallet",
        /// The amount of a payout request, held from the balance.
        PayoutRequested => "payout_requested",
        /// An operator refused a payout: the held amount came back.
        PayoutRefused => "payout_refused",
        /// The provider reported a payout failed for good: the held amount came back.
        PayoutFailed => "payout_failed",
    }
}

names! {
    /// Where a payout stands. `requested` (held, waiting for an operator) moves to `approved`
    /// (the provider is, or is being, asked to pay) or `refused` (the amount is back on the
    /// referral balance). `approved` moves to `processing` once the provider took it (or, when
    /// the provider refused the call, may still be refused); `processing` ends as `paid` when
    /// the provider says so, or `failed` when it reports a final failure (the amount is back on
    /// the referral balance). The provider's own status may also move `approved` straight on.
    pub enum PayoutStatus {
        Requested => "requested",
        Approved => "approved",
        Processing => "processing",
        Paid => "paid",
        Failed => "failed",
        Refused => "refused",
    }
}

impl PayoutStatus {
    /// Whether the payout is over: nothing moves it any more.
    pub fn is_settled(self) -> bool {
        matches!(
            self,
            PayoutStatus::Paid | PayoutStatus::Failed | PayoutStatus::Refused
        )
    }
}

/// What the provider's status word makes of a payout it took (docs/providers.md#payouts):
/// `paid` is paid; `fail`, `cancel` and `system_fail` are failed only when the report is
/// final (Cryptomus's support may still resend a failed payout that is not final, so its
/// amount must stay held); anything else (`process`, `check`, a word we do not know) is still
/// processing.
pub fn provider_outcome(status: &str, is_final: bool) -> PayoutStatus {
    match status.trim() {
        "paid" => PayoutStatus::Paid,
        "fail" | "cancel" | "system_fail" if is_final => PayoutStatus::Failed,
        _ => PayoutStatus::Processing,
    }
}

/// The most one payout may be, whatever the balance.
pub const MAX_PAYOUT: Cents = Cents::new(1_000_000);
/// An address is trimmed, then `ADDRESS_MIN_CHARS..=ADDRESS_MAX_CHARS` ASCII letters and digits
/// (what the base58 and bech32 addresses of DOGE, TRX, LTC and USDT on TRON are made of).
pub const ADDRESS_MIN_CHARS: usize = 20;
pub const ADDRESS_MAX_CHARS: usize = 100;

/// The address rule as a pattern, for the API document.
pub fn address_pattern() -> String {
    format!(r"^\s*[A-Za-z0-9]{{{ADDRESS_MIN_CHARS},{ADDRESS_MAX_CHARS}}}\s*$")
}

/// A payout the customer asks for, checked field by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutRequest {
    pub amount: Cents,
    pub coin: Coin,
    pub address: String,
}

impl PayoutRequest {
    /// `amount` in dollars (at most two decimals, from `min` to `MAX_PAYOUT`), `currency` one of
    /// the shop's coins, `address` as [`address`] reads it. Every failing field is named.
    pub fn parse(
        amount: Option<f64>,
        currency: Option<&str>,
        address: Option<&str>,
        min: Cents,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let amount = match amount {
            None => {
                errors.add("amount", msg::FILL_ALL_FIELDS);
                None
            }
            Some(dollars) => match payout_amount(dollars, min) {
                Ok(cents) => Some(cents),
                Err(message) => {
                    errors.add("amount", message);
                    None
                }
            },
        };
        let coin = match currency.map(str::trim) {
            None | Some("") => {
                errors.add("currency", msg::FILL_ALL_FIELDS);
                None
            }
            Some(name) => {
                let coin = Coin::parse(name);
                if coin.is_none() {
                    errors.add("currency", msg::UNSUPPORTED_CURRENCY);
                }
                coin
            }
        };
        let address = match address.map(str::trim) {
            None | Some("") => {
                errors.add("address", msg::FILL_ALL_FIELDS);
                None
            }
            Some(text) => errors.take("address", self::address(text)),
        };
        match (amount, coin, address) {
            (Some(amount), Some(coin), Some(address)) if errors.is_empty() => Ok(PayoutRequest {
                amount,
                coin,
                address,
            }),
            _ => Err(errors),
        }
    }
}

/// A payout amount in dollars: at most two decimals, from `min` to [`MAX_PAYOUT`].
pub fn payout_amount(dollars: f64, min: Cents) -> Result<Cents, String> {
    if dollars.is_nan() || dollars < min.as_dollars() {
        return Err(msg::payout_below_minimum(min));
    }
    if dollars > MAX_PAYOUT.as_dollars() {
        return Err(msg::PAYOUT_TOO_LARGE.to_owned());
    }
    crate::numbers::hundredths_of_f64(dollars)
        .map(Cents::new)
        .ok_or_else(|| msg::AMOUNT_DECIMALS.to_owned())
}

/// A wallet address, trimmed: `ADDRESS_MIN_CHARS` to `ADDRESS_MAX_CHARS` ASCII letters and
/// digits.
pub fn address(text: &str) -> Result<String, &'static str> {
    let text = text.trim();
    if !(ADDRESS_MIN_CHARS..=ADDRESS_MAX_CHARS).contains(&text.chars().count()) {
        return Err(msg::PAYOUT_ADDRESS_LENGTH);
    }
    if !text.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(msg::PAYOUT_ADDRESS_CHARS);
    }
    Ok(text.to_owned())
}

/// A move from the referral balance to the wallet: absent is the whole balance; given, at most
/// two decimals and above zero.
pub fn transfer_amount(dollars: Option<f64>) -> Result<Option<Cents>, FieldErrors> {
    let Some(dollars) = dollars else {
        return Ok(None);
    };
    let mut errors = FieldErrors::new();
    match crate::numbers::hundredths_of_f64(dollars) {
        _ if dollars.is_nan() || dollars <= 0.0 => errors.add("amount", msg::TRANSFER_POSITIVE),
        _ if dollars > MAX_PAYOUT.as_dollars() => errors.add("amount", msg::PAYOUT_TOO_LARGE),
        Some(cents) => return Ok(Some(Cents::new(cents))),
        None => errors.add("amount", msg::AMOUNT_DECIMALS),
    }
    Err(errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Cents = Cents::new(2000);
    const ADDRESS: &str = "LcHKx1nM2vq4p8wQdN5bRtYzA7sE3uFgJ9";

    #[test]
    fn a_valid_request_parses_trimmed() {
        let parsed = PayoutRequest::parse(
            Some(25.5),
            Some(" ltc "),
            Some(&format!(" {ADDRESS} ")),
            MIN,
        )
        .unwrap();
        assert_eq!(
            parsed,
            PayoutRequest {
                amount: Cents::new(2550),
                coin: Coin::Ltc,
                address: ADDRESS.to_owned()
            }
        );
    }

    #[test]
    fn every_field_names_its_rule() {
        let errors =
            PayoutRequest::parse(Some(19.99), Some("BTC"), Some("short"), MIN).unwrap_err();
        assert_eq!(errors.get("amount"), Some("Amount must be at least $20.00"));
        assert_eq!(errors.get("currency"), Some(msg::UNSUPPORTED_CURRENCY));
        assert_eq!(errors.get("address"), Some(msg::PAYOUT_ADDRESS_LENGTH));
        let errors = PayoutRequest::parse(None, None, None, MIN).unwrap_err();
        for field in ["amount", "currency", "address"] {
            assert_eq!(errors.get(field), Some(msg::FILL_ALL_FIELDS), "{field}");
        }
        let errors = PayoutRequest::parse(Some(20.001), Some("LTC"), Some(&"x".repeat(101)), MIN)
            .unwrap_err();
        assert_eq!(errors.get("amount"), Some(msg::AMOUNT_DECIMALS));
        assert_eq!(errors.get("address"), Some(msg::PAYOUT_ADDRESS_LENGTH));
        let errors = PayoutRequest::parse(
            Some(20.0),
            Some("LTC"),
            Some("ltc1 qxy-zzzzzzzzzzzzzzzzzzz"),
            MIN,
        )
        .unwrap_err();
        assert_eq!(errors.get("address"), Some(msg::PAYOUT_ADDRESS_CHARS));
        assert!(
            errors.get("amount").is_none(),
            "$20.00 is the minimum itself"
        );
        let errors =
            PayoutRequest::parse(Some(10_000.01), Some("LTC"), Some(ADDRESS), MIN).unwrap_err();
        assert_eq!(errors.get("amount"), Some(msg::PAYOUT_TOO_LARGE));
    }

    #[test]
    fn a_transfer_is_the_whole_balance_or_a_positive_amount() {
        assert_eq!(transfer_amount(None), Ok(None));
        assert_eq!(transfer_amount(Some(1.25)), Ok(Some(Cents::new(125))));
        for bad in [0.0, -1.0, f64::NAN] {
            assert_eq!(
                transfer_amount(Some(bad)).unwrap_err().get("amount"),
                Some(msg::TRANSFER_POSITIVE)
            );
        }
        assert_eq!(
            transfer_amount(Some(1.255)).unwrap_err().get("amount"),
            Some(msg::AMOUNT_DECIMALS)
        );
    }

    #[test]
    fn only_a_final_failure_fails_a_payout() {
        assert_eq!(provider_outcome("paid", true), PayoutStatus::Paid);
        assert_eq!(provider_outcome("paid", false), PayoutStatus::Paid);
        for word in ["fail", "cancel", "system_fail"] {
            assert_eq!(provider_outcome(word, true), PayoutStatus::Failed, "{word}");
            assert_eq!(
                provider_outcome(word, false),
                PayoutStatus::Processing,
                "{word}"
            );
        }
        for word in ["process", "check", "PAID", "refund", ""] {
            assert_eq!(
                provider_outcome(word, true),
                PayoutStatus::Processing,
                "{word:?}"
            );
        }
        assert!(PayoutStatus::Failed.is_settled() && !PayoutStatus::Processing.is_settled());
    }

    #[test]
    fn the_pattern_states_the_address_rule() {
        assert_eq!(address_pattern(), r"^\s*[A-Za-z0-9]{20,100}\s*$");
    }

    #[test]
    fn names_round_trip() {
        for kind in ReferralEntryKind::ALL {
            assert_eq!(ReferralEntryKind::parse(kind.as_str()), Some(kind));
        }
        for status in PayoutStatus::ALL {
            assert_eq!(PayoutStatus::parse(status.as_str()), Some(status));
        }
    }
}
