use super::*;

fn p(text: &str) -> Pattern {
    Pattern::parse(text).unwrap_or_else(|| panic!("{text} must parse"))
}

#[test]
fn patterns_parse_to_their_canonical_form() {
    for (text, canonical) in [
        ("Example.GOV", "example.gov"),
        (" example.gov. ", "example.gov"),
        ("*.gov", "*.gov"),
        ("*.Example.gov", "*.example.gov"),
        ("203.0.113.7", "203.0.113.7"),
        ("198.51.100.77/24", "198.51.100.0/24"),
        ("[2001:db8::1]", "2001:db8::1"),
        ("2001:db8::/32", "2001:db8::/32"),
        ("25", ":25"),
        (":8080", ":8080"),
        ("xn--e1afmkfd.xn--p1ai", "xn--e1afmkfd.xn--p1ai"),
    ] {
        assert_eq!(p(text).canonical(), canonical, "{text}");
    }
    for bad in [
        "",
        " ",
        ":0",
        "70000",
        "*.",
        "*",
        "a..b",
        "-a.com",
        "a-.com",
        "пример.рф",
        "a b.com",
        "10.0.0.0/33",
        "1.2.3",
        "http://x.com",
        "x.com:80",
        "*.*.com",
    ] {
        assert_eq!(Pattern::parse(bad), None, "{bad} must be refused");
    }
    assert_eq!(Pattern::parse(&"a".repeat(254)), None);
}

#[test]
fn names_match_their_domain_and_subdomains_addresses_their_ranges_ports_any_host() {
    let mut m = Matcher::default();
    m.insert(p("example.gov"), Kinds::ALL, 1);
    m.insert(p("*.gov"), Kinds::of(&[ProxyKind::Premium]), 2);
    m.insert(p("198.51.100.0/24"), Kinds::ALL, 3);
    m.insert(p("2001:db8::/32"), Kinds::ALL, 4);
    m.insert(p("203.0.113.7"), Kinds::ALL, 5);
    m.insert(p(":25"), Kinds::ALL, 6);
    assert_eq!(m.len(), 6);
    let premium = ProxyKind::Premium;
    let budget = ProxyKind::Budget;
    assert_eq!(m.find("example.gov", 443, budget), Some(&1));
    assert_eq!(m.find("WWW.Example.Gov.", 443, budget), Some(&1));
    assert_eq!(m.find("a.b.example.gov", 443, budget), Some(&1));
    assert_eq!(m.find("notexample.gov", 443, budget), None);
    assert_eq!(m.find("notexample.gov", 443, premium), Some(&2));
    // `*.gov` is the names under gov, not gov itself.
    assert_eq!(m.find("gov", 443, premium), None);
    assert_eq!(m.find("example.gov.uk", 443, premium), None);
    assert_eq!(m.find("198.51.100.255", 80, budget), Some(&3));
    assert_eq!(m.find("198.51.101.1", 80, budget), None);
    assert_eq!(m.find("[2001:db8:ffff::1]", 80, budget), Some(&4));
    assert_eq!(m.find("2001:db9::1", 80, budget), None);
    assert_eq!(m.find("203.0.113.7", 80, budget), Some(&5));
    assert_eq!(m.find("::ffff:203.0.113.7", 80, budget), Some(&5));
    assert_eq!(m.find("203.0.113.8", 80, budget), None);
    assert_eq!(m.find("mail.example.com", 25, budget), Some(&6));
    assert_eq!(m.find("mail.example.com", 587, budget), None);
    let empty: Matcher<()> = Matcher::default();
    assert!(empty.is_empty());
    assert_eq!(empty.find("example.gov", 443, premium), None);
}

#[test]
fn a_hundred_thousand_rules_still_answer_exactly() {
    let mut m = Matcher::default();
    for i in 0..100_000u32 {
        m.insert(p(&format!("host{i}.example.com")), Kinds::ALL, i);
    }
    for i in 0..256u32 {
        m.insert(p(&format!("10.{i}.0.0/16")), Kinds::ALL, 1_000_000 + i);
    }
    assert_eq!(
        m.find("a.host99999.example.com", 443, ProxyKind::Ipv6),
        Some(&99_999)
    );
    assert_eq!(m.find("host100000.example.com", 443, ProxyKind::Ipv6), None);
    assert_eq!(m.find("10.200.3.4", 443, ProxyKind::Lte), Some(&1_000_200));
}

#[test]
fn category_files_skip_comments_blanks_and_what_is_no_pattern() {
    let (patterns, skipped) =
        read_category("# government\nexample.gov\n\n  *.mil  # all\nnot a pattern\n10.0.0.0/8\n");
    assert_eq!(
        patterns.iter().map(Pattern::canonical).collect::<Vec<_>>(),
        ["example.gov", "*.mil", "10.0.0.0/8"]
    );
    assert_eq!(skipped, 1);
}
