//! Who is believed and who must prove more (`config/access.rs`): the trusted proxies in front,
//! with the deprecated flag that trusts the peer, and whether operators need a second factor.

use super::config;

#[test]
fn admin_two_factor_is_optional_unless_required() {
    assert!(!config(&[]).unwrap().admin_2fa_required);
    let optional = config(&[("PROXYSHOP_ADMIN_2FA", "optional")]).unwrap();
    assert!(!optional.admin_2fa_required);
    let required = config(&[("PROXYSHOP_ADMIN_2FA", "required")]).unwrap();
    assert!(required.admin_2fa_required);
    let Err(err) = config(&[("PROXYSHOP_ADMIN_2FA", "yes")]) else {
        panic!("'yes' accepted");
    };
    assert!(err.to_string().contains("PROXYSHOP_ADMIN_2FA"), "{err}");
}

#[test]
fn trusted_proxies_are_a_list_and_the_old_flag_trusts_the_peer_only() {
    use domain::network::TrustedProxies;
    let c = config(&[]).unwrap();
    assert!(c.trusted_proxies.is_empty() && !c.uses_trust_forwarded_for);
    let c = config(&[("PROXYSHOP_TRUSTED_PROXIES", "10.0.0.0/8, 2001:db8::1")]).unwrap();
    assert_eq!(
        c.trusted_proxies,
        TrustedProxies::parse("10.0.0.0/8,2001:db8::1").unwrap()
    );
    let c = config(&[("PROXYSHOP_TRUST_FORWARDED_FOR", "true")]).unwrap();
    assert_eq!(c.trusted_proxies, TrustedProxies::the_peer_only());
    assert!(c.uses_trust_forwarded_for);
    // The list wins over the deprecated flag.
    let c = config(&[
        ("PROXYSHOP_TRUST_FORWARDED_FOR", "true"),
        ("PROXYSHOP_TRUSTED_PROXIES", "192.0.2.1"),
    ])
    .unwrap();
    assert_eq!(
        c.trusted_proxies,
        TrustedProxies::parse("192.0.2.1").unwrap()
    );
    let err = config(&[("PROXYSHOP_TRUSTED_PROXIES", "10.0.0.0/8,lb.internal")]).unwrap_err();
    assert_eq!(err.key, "PROXYSHOP_TRUSTED_PROXIES");
    assert!(err.to_string().contains("lb.internal"), "{err}");
}
