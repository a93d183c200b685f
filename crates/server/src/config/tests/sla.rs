//! The SLA's terms: defaults, values, and refusals naming their key.

use super::config;

#[test]
fn sla_terms_have_defaults_take_values_and_refuse_what_is_no_promise() {
    let c = config(&[]).unwrap();
    assert_eq!((c.sla.percent, c.sla.minimum.get()), (99.96, 100));
    let c = config(&[
        ("PROXYSHOP_SLA_PERCENT", "99.5"),
        ("PROXYSHOP_SLA_MIN_CREDIT", "2.50"),
    ])
    .unwrap();
    assert_eq!((c.sla.percent, c.sla.minimum.get()), (99.5, 250));
    for (key, value) in [
        ("PROXYSHOP_SLA_PERCENT", "0"),
        ("PROXYSHOP_SLA_PERCENT", "100.5"),
        ("PROXYSHOP_SLA_PERCENT", "high"),
        ("PROXYSHOP_SLA_MIN_CREDIT", "-1"),
    ] {
        let err = config(&[(key, value)]).unwrap_err();
        assert_eq!(err.key, key, "{err}");
    }
}
