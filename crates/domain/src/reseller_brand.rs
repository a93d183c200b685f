//! A reseller's white label (docs/resellers.md "White label"): the address of its clients'
//! sign-in page (`/r/{slug}`), the name, colour and support contact they see instead of the
//! shop's, and the host name their proxy lines name. Each field's rule, its refusal naming the
//! field.

use crate::account::Email;
use crate::messages as msg;
use crate::rules::{Controls, TrimmedText};
use crate::validation::FieldErrors;

/// The brand's name as its clients see it.
pub const BRAND_NAME: TrimmedText = TrimmedText {
    min_chars: 1,
    max_chars: 60,
    controls: Controls::None,
};

/// The longest support address.
pub const SUPPORT_URL_MAX: usize = 200;

/// A brand as the reseller typed it, before its checks.
#[derive(Debug, Default, Clone)]
pub struct BrandInput<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub colour: &'a str,
    pub support_email: Option<&'a str>,
    pub support_url: Option<&'a str>,
    pub proxy_host: Option<&'a str>,
}

/// A checked brand: the slug and host lower case, the colour `#rrggbb` lower case, blanks none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brand {
    pub slug: String,
    pub name: String,
    pub colour: String,
    pub support_email: Option<String>,
    pub support_url: Option<String>,
    pub proxy_host: Option<String>,
}

impl Brand {
    pub fn parse(input: &BrandInput<'_>) -> Result<Brand, FieldErrors> {
        let mut errors = FieldErrors::new();
        let slug = errors.take("slug", slug(input.slug));
        let name = errors.take("name", name(input.name));
        let colour = errors.take("colour", colour(input.colour));
        let support_email = errors.take(
            "supportEmail",
            optional(input.support_email, |raw| {
                Email::parse(raw)
                    .map(Email::into_inner)
                    .map_err(|_| msg::BRAND_SUPPORT_EMAIL)
            }),
        );
        let support_url = errors.take("supportUrl", optional(input.support_url, support_url));
        let proxy_host = errors.take("proxyHost", optional(input.proxy_host, proxy_host));
        match (slug, name, colour, support_email, support_url, proxy_host) {
            (
                Some(slug),
                Some(name),
                Some(colour),
                Some(support_email),
                Some(support_url),
                Some(proxy_host),
            ) if errors.is_empty() => Ok(Brand {
                slug,
                name,
                colour,
                support_email,
                support_url,
                proxy_host,
            }),
            _ => Err(errors),
        }
    }
}

/// Absent or blank is none; anything else must pass `rule`.
fn optional(
    raw: Option<&str>,
    rule: impl Fn(&str) -> Result<String, &'static str>,
) -> Result<Option<String>, &'static str> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => rule(text).map(Some),
    }
}

/// 3 to 40 lower-case letters, digits and inner hyphens: a path segment that needs no escaping.
pub fn slug(raw: &str) -> Result<String, &'static str> {
    let s = raw.trim();
    let ok = (3..=40).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-');
    if ok {
        Ok(s.to_owned())
    } else {
        Err(msg::BRAND_SLUG)
    }
}

fn name(raw: &str) -> Result<String, &'static str> {
    if BRAND_NAME.allows(raw) {
        Ok(raw.trim().to_owned())
    } else {
        Err(msg::BRAND_NAME)
    }
}

/// `#rrggbb`, kept lower case: the only colour syntax, so that it can go into a style safely.
fn colour(raw: &str) -> Result<String, &'static str> {
    let s = raw.trim();
    match s.strip_prefix('#') {
        Some(hex) if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Ok(s.to_ascii_lowercase())
        }
        _ => Err(msg::BRAND_COLOUR),
    }
}

/// An `https://` address with a host, at most `SUPPORT_URL_MAX` characters, no user name or
/// password in it: the link a client follows for help.
fn support_url(raw: &str) -> Result<String, &'static str> {
    let parsed = url::Url::parse(raw).map_err(|_| msg::BRAND_SUPPORT_URL)?;
    let ok = raw.len() <= SUPPORT_URL_MAX
        && parsed.scheme() == "https"
        && parsed.host_str().is_some_and(|h| !h.is_empty())
        && parsed.username().is_empty()
        && parsed.password().is_none();
    if ok {
        Ok(parsed.to_string())
    } else {
        Err(msg::BRAND_SUPPORT_URL)
    }
}

/// A DNS name of at least two labels (letters, digits, inner hyphens; at most 253 characters),
/// not an address: the reseller's own name for the shop's gateway.
fn proxy_host(raw: &str) -> Result<String, &'static str> {
    let host = raw.to_ascii_lowercase();
    let label_ok = |l: &str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let labels: Vec<&str> = host.split('.').collect();
    let top_is_name = labels
        .last()
        .is_some_and(|l| l.bytes().any(|b| b.is_ascii_alphabetic()));
    if host.len() <= 253 && labels.len() >= 2 && labels.iter().all(|l| label_ok(l)) && top_is_name {
        Ok(host)
    } else {
        Err(msg::BRAND_PROXY_HOST)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn input<'a>() -> BrandInput<'a> {
        BrandInput {
            slug: "acme-proxies",
            name: " Acme Proxies ",
            colour: "#1A73E8",
            support_email: Some("help@acme.example"),
            support_url: Some("https://acme.example/help"),
            proxy_host: Some("Proxy.Acme.example"),
        }
    }

    #[test]
    fn a_good_brand_is_kept_trimmed_and_lower_case() {
        let brand = Brand::parse(&input()).unwrap();
        assert_eq!(brand.slug, "acme-proxies");
        assert_eq!(brand.name, "Acme Proxies");
        assert_eq!(brand.colour, "#1a73e8");
        assert_eq!(brand.proxy_host.as_deref(), Some("proxy.acme.example"));
        let blank = BrandInput {
            support_email: Some(" "),
            support_url: None,
            proxy_host: Some(""),
            ..input()
        };
        let brand = Brand::parse(&blank).unwrap();
        assert_eq!(
            (brand.support_email, brand.support_url, brand.proxy_host),
            (None, None, None)
        );
    }

    #[test]
    fn each_bad_field_is_named_with_its_rule() {
        let bad = BrandInput {
            slug: "-Acme",
            name: "",
            colour: "red",
            support_email: Some("nope"),
            support_url: Some("http://acme.example"),
            proxy_host: Some("10.0.0.1"),
        };
        let errors = Brand::parse(&bad).unwrap_err();
        assert_eq!(errors.get("slug"), Some(msg::BRAND_SLUG));
        assert_eq!(errors.get("name"), Some(msg::BRAND_NAME));
        assert_eq!(errors.get("colour"), Some(msg::BRAND_COLOUR));
        assert_eq!(errors.get("supportEmail"), Some(msg::BRAND_SUPPORT_EMAIL));
        assert_eq!(errors.get("supportUrl"), Some(msg::BRAND_SUPPORT_URL));
        assert_eq!(errors.get("proxyHost"), Some(msg::BRAND_PROXY_HOST));
        for slug in ["ab", "a_b", "abc/def", "abc-", &"a".repeat(41)] {
            assert_eq!(super::slug(slug), Err(msg::BRAND_SLUG), "{slug}");
        }
        for host in [
            "localhost",
            "a..b",
            "-a.example",
            "proxy.example.",
            "x y.example",
        ] {
            assert_eq!(proxy_host(host), Err(msg::BRAND_PROXY_HOST), "{host}");
        }
        for url in [
            "https://user:pw@acme.example",
            "javascript:alert(1)",
            "https://",
        ] {
            assert_eq!(support_url(url), Err(msg::BRAND_SUPPORT_URL), "{url}");
        }
        assert_eq!(colour("#12345g"), Err(msg::BRAND_COLOUR));
    }
}
