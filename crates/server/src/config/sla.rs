//! The SLA's terms (docs/status.md#sla-credits): `PROXYSHOP_SLA_PERCENT` (default 99.96, more
//! than 0 and at most 100) and `PROXYSHOP_SLA_MIN_CREDIT` (dollars, default 1).

use super::source::{ConfigError, Source, bad, dollars};
use app::status::sla::SlaTerms;
use domain::Cents;

pub(super) fn sla_terms(src: &Source) -> Result<SlaTerms, ConfigError> {
    let defaults = SlaTerms::default();
    let percent = match src.get("PROXYSHOP_SLA_PERCENT") {
        None => defaults.percent,
        Some(raw) => raw
            .parse::<f64>()
            .ok()
            .filter(|p| *p > 0.0 && *p <= 100.0)
            .ok_or_else(|| {
                bad(
                    "PROXYSHOP_SLA_PERCENT",
                    format!("'{raw}' is not a percentage above 0 and at most 100 (e.g. 99.96)"),
                )
            })?,
    };
    let minimum = dollars(src, "PROXYSHOP_SLA_MIN_CREDIT", defaults.minimum.get())?;
    Ok(SlaTerms {
        percent,
        minimum: Cents::new(minimum),
    })
}
