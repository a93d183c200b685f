//! The seller printed on receipts (docs/configuration.md, "Receipts"): the shop's name, address
//! and tax id, each one line of bounded length.

use super::source::{ConfigError, Source, bad};
use app::settings::ShopIdentity;

/// One line of at most `max` characters, trimmed; unset or blank: `default`.
fn line(src: &Source, key: &'static str, max: usize, default: &str) -> Result<String, ConfigError> {
    let value = src.get(key).unwrap_or_default();
    let value = value.trim();
    if value.chars().any(char::is_control) {
        return Err(bad(key, "must be one line without control characters"));
    }
    if value.chars().count() > max {
        return Err(bad(key, format!("must be at most {max} characters")));
    }
    Ok(if value.is_empty() { default } else { value }.to_owned())
}

/// `PROXYSHOP_SHOP_NAME` (default `ProxyShop`), `PROXYSHOP_SHOP_ADDRESS` and
/// `PROXYSHOP_SHOP_TAX_ID` (default: not printed).
pub(super) fn shop_identity(src: &Source) -> Result<ShopIdentity, ConfigError> {
    Ok(ShopIdentity {
        name: line(src, "PROXYSHOP_SHOP_NAME", 100, "ProxyShop")?,
        address: line(src, "PROXYSHOP_SHOP_ADDRESS", 200, "")?,
        tax_id: line(src, "PROXYSHOP_SHOP_TAX_ID", 50, "")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(pairs: &[(&str, &str)]) -> Result<ShopIdentity, ConfigError> {
        shop_identity(&Source::from_pairs(pairs))
    }

    #[test]
    fn unset_is_the_default_name_and_nothing_else() {
        assert_eq!(identity(&[]).unwrap(), ShopIdentity::default());
        assert_eq!(
            identity(&[("PROXYSHOP_SHOP_NAME", "  ")]).unwrap().name,
            "ProxyShop"
        );
    }

    #[test]
    fn values_are_trimmed_lines() {
        let shop = identity(&[
            ("PROXYSHOP_SHOP_NAME", " Example Proxies Ltd "),
            ("PROXYSHOP_SHOP_ADDRESS", "1 Main St, Dublin, Ireland"),
            ("PROXYSHOP_SHOP_TAX_ID", "IE1234567T"),
        ])
        .unwrap();
        assert_eq!(shop.name, "Example Proxies Ltd");
        assert_eq!(shop.address, "1 Main St, Dublin, Ireland");
        assert_eq!(shop.tax_id, "IE1234567T");
    }

    #[test]
    fn control_characters_and_long_values_name_their_key() {
        let err = identity(&[("PROXYSHOP_SHOP_ADDRESS", "1 Main St\nDublin")]).unwrap_err();
        assert!(err.to_string().contains("PROXYSHOP_SHOP_ADDRESS"), "{err}");
        let long = "x".repeat(51);
        let err = identity(&[("PROXYSHOP_SHOP_TAX_ID", long.as_str())]).unwrap_err();
        assert!(err.to_string().contains("PROXYSHOP_SHOP_TAX_ID"), "{err}");
    }
}
