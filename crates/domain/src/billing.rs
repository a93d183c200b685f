//! The billing details a customer prints on their receipts (`PUT /api/user/billing`): company,
//! address and VAT id, each optional, trimmed, bounded, and free of control characters (a
//! receipt line is one line).

use crate::messages as msg;
use crate::validation::FieldErrors;

/// The longest company name, in characters.
pub const COMPANY_MAX: usize = 100;
/// The longest address, in characters (one line: "street, city, postcode, country").
pub const ADDRESS_MAX: usize = 200;
/// The longest VAT id, in characters.
pub const VAT_ID_MAX: usize = 32;

/// Billing details that passed every check; an empty string is a field not set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BillingDetails {
    pub company: String,
    pub address: String,
    pub vat_id: String,
}

impl BillingDetails {
    /// Checks the three fields (absent: empty), each refusal a field error.
    pub fn parse(
        company: Option<&str>,
        address: Option<&str>,
        vat_id: Option<&str>,
    ) -> Result<BillingDetails, FieldErrors> {
        let mut errors = FieldErrors::new();
        let company = errors.take(
            "company",
            bounded(company, COMPANY_MAX, msg::BILLING_COMPANY),
        );
        let address = errors.take(
            "address",
            bounded(address, ADDRESS_MAX, msg::BILLING_ADDRESS),
        );
        let vat_id = errors.take("vatId", bounded(vat_id, VAT_ID_MAX, msg::BILLING_VAT_ID));
        match (company, address, vat_id) {
            (Some(company), Some(address), Some(vat_id)) if errors.is_empty() => {
                Ok(BillingDetails {
                    company,
                    address,
                    vat_id,
                })
            }
            _ => Err(errors),
        }
    }

    /// Whether no field is set.
    pub fn is_empty(&self) -> bool {
        self.company.is_empty() && self.address.is_empty() && self.vat_id.is_empty()
    }
}

/// Trimmed, at most `max` characters, no control characters.
fn bounded(value: Option<&str>, max: usize, message: &'static str) -> Result<String, &'static str> {
    let value = value.unwrap_or_default().trim();
    if value.chars().count() > max || value.chars().any(char::is_control) {
        return Err(message);
    }
    Ok(value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_trimmed_and_absent_ones_empty() {
        let details =
            BillingDetails::parse(Some("  Acme GmbH "), None, Some(" DE123456789")).unwrap();
        assert_eq!(details.company, "Acme GmbH");
        assert_eq!(details.address, "");
        assert_eq!(details.vat_id, "DE123456789");
        assert!(
            BillingDetails::parse(None, Some("   "), None)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn lengths_are_bounded_in_characters() {
        let company = "ü".repeat(COMPANY_MAX);
        assert!(BillingDetails::parse(Some(&company), None, None).is_ok());
        let errors = BillingDetails::parse(
            Some(&format!("{company}x")),
            Some(&"a".repeat(ADDRESS_MAX + 1)),
            Some(&"1".repeat(VAT_ID_MAX + 1)),
        )
        .unwrap_err();
        assert_eq!(errors.get("company"), Some(msg::BILLING_COMPANY));
        assert_eq!(errors.get("address"), Some(msg::BILLING_ADDRESS));
        assert_eq!(errors.get("vatId"), Some(msg::BILLING_VAT_ID));
    }

    #[test]
    fn control_characters_are_refused() {
        for bad in ["Acme\nGmbH", "Acme\u{0}", "tab\there", "x\u{85}y"] {
            let errors = BillingDetails::parse(None, Some(bad), None).unwrap_err();
            assert_eq!(errors.get("address"), Some(msg::BILLING_ADDRESS), "{bad:?}");
        }
    }
}
