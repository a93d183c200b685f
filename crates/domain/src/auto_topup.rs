//! Automatic top-up of traffic: the threshold a customer sets and the texts of what it did.

use crate::rules::Hundredths;
use crate::units::GB;
use crate::{Cents, ProxyKind};

/// The largest threshold, in GB.
pub const MAX_BELOW_GB: i64 = 10_000;

/// The threshold in hundredths of a GB: above 0, at most [`MAX_BELOW_GB`].
pub const BELOW_GB: Hundredths = Hundredths {
    min: 1,
    max: MAX_BELOW_GB * 100,
};

/// "Buy when what is left falls below this many bytes": above 0 and at most
/// [`MAX_BELOW_GB`] GB, in hundredths of a GB (the form's 2 decimals).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BelowBytes(i64);

impl BelowBytes {
    /// From hundredths of a GB (`150` is 1.5 GB); None outside (0, 10000 GB].
    pub fn from_hundredths_gb(hundredths: i64) -> Option<BelowBytes> {
        BELOW_GB
            .contains(hundredths)
            .then(|| BelowBytes(hundredths * (GB / 100)))
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

/// GB with at most 2 decimals, as the notification texts show them ("1.5 GB").
pub fn gb_text(bytes: i64) -> String {
    let hundredths = bytes / (GB / 100);
    let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Title and body of the notification of a top-up that bought `plan` (`gb` GB for `price`).
pub fn bought_text(
    kind: ProxyKind,
    below: i64,
    plan: &str,
    gb: i64,
    price: Cents,
) -> (String, String) {
    (
        "Traffic topped up automatically".to_owned(),
        format!(
            "Your {} fell below {} GB left, so plan {plan} ({gb} GB) was bought for {price} from your wallet.",
            kind.label(),
            gb_text(below)
        ),
    )
}

/// Title and body of the notification of a top-up the wallet could not pay (`plan`: None
/// when the chosen plan is no longer on sale).
pub fn failed_text(kind: ProxyKind, below: i64, plan: Option<(&str, Cents)>) -> (String, String) {
    let why = match plan {
        Some((name, price)) => format!(
            "your wallet balance does not cover plan {name} ({price}). Add funds and it will be bought at the next check."
        ),
        None => "the chosen plan is no longer on sale. Choose another one in Settings.".to_owned(),
    };
    (
        "Automatic top-up could not be paid".to_owned(),
        format!(
            "Your {} fell below {} GB left, but {why}",
            kind.label(),
            gb_text(below)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::{BelowBytes, gb_text};
    use crate::units::GB;

    #[test]
    fn threshold_is_above_zero_and_at_most_10000_gb() {
        assert_eq!(BelowBytes::from_hundredths_gb(0), None);
        assert_eq!(BelowBytes::from_hundredths_gb(-5), None);
        assert_eq!(
            BelowBytes::from_hundredths_gb(1).map(BelowBytes::get),
            Some(GB / 100)
        );
        assert_eq!(
            BelowBytes::from_hundredths_gb(1_000_000).map(BelowBytes::get),
            Some(10_000 * GB)
        );
        assert_eq!(BelowBytes::from_hundredths_gb(1_000_001), None);
    }

    #[test]
    fn gb_text_drops_trailing_zeros() {
        assert_eq!(gb_text(GB), "1");
        assert_eq!(gb_text(GB * 3 / 2), "1.5");
        assert_eq!(gb_text(GB / 100), "0.01");
    }
}
