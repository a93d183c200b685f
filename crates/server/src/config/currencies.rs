//! `PROXYSHOP_DISPLAY_CURRENCIES` (docs/configuration.md, "Display currencies"): the currencies
//! an approximate price is shown in beside USD, comma-separated codes of three upper-case
//! letters; unset: `EUR,GBP`; `none`: USD only (an empty value counts as unset, as for every key).

use super::source::{ConfigError, Source, bad};
use domain::currency::CurrencyCode;

pub(super) const DISPLAY_CURRENCIES: &str = "PROXYSHOP_DISPLAY_CURRENCIES";

/// At most this many display currencies (the picker is a short list).
const MAX: usize = 20;

pub(super) fn display_currencies(src: &Source) -> Result<Vec<CurrencyCode>, ConfigError> {
    let raw = src
        .get(DISPLAY_CURRENCIES)
        .unwrap_or_else(|| "EUR,GBP".into());
    if raw == "none" {
        return Ok(Vec::new());
    }
    let mut codes: Vec<CurrencyCode> = Vec::new();
    for item in raw.split(',').map(str::trim) {
        let code = CurrencyCode::parse(item).ok_or_else(|| {
            bad(
                DISPLAY_CURRENCIES,
                format!(
                    "'{item}' is not a currency code of three upper-case letters (e.g. EUR,GBP; \
                     none for USD only)"
                ),
            )
        })?;
        if code.as_str() == "USD" {
            return Err(bad(
                DISPLAY_CURRENCIES,
                "lists USD, which every price is shown in anyway",
            ));
        }
        if codes.contains(&code) {
            return Err(bad(DISPLAY_CURRENCIES, format!("lists {code} twice")));
        }
        codes.push(code);
    }
    if codes.len() > MAX {
        return Err(bad(
            DISPLAY_CURRENCIES,
            format!("lists more than {MAX} currencies"),
        ));
    }
    Ok(codes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(value: Option<&str>) -> Result<Vec<String>, ConfigError> {
        let pairs: Vec<(&str, &str)> = value.map(|v| (DISPLAY_CURRENCIES, v)).into_iter().collect();
        display_currencies(&Source::from_pairs(&pairs))
            .map(|codes| codes.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn display_currencies_default_to_eur_and_gbp() {
        assert_eq!(read(None).unwrap(), ["EUR", "GBP"]);
        assert_eq!(read(Some("  ")).unwrap(), ["EUR", "GBP"]);
        assert_eq!(read(Some("CHF, JPY,EUR")).unwrap(), ["CHF", "JPY", "EUR"]);
        assert!(read(Some("none")).unwrap().is_empty());
    }

    #[test]
    fn bad_display_currencies_name_the_key() {
        for bad in [
            "eur", "EURO", "EUR,,GBP", "EUR,GB", "EUR;GBP", "USD", "EUR,EUR", "€",
        ] {
            let err = read(Some(bad)).unwrap_err();
            assert_eq!(err.key, DISPLAY_CURRENCIES, "{bad}");
            assert!(err.to_string().contains(DISPLAY_CURRENCIES), "{bad}: {err}");
        }
    }
}
