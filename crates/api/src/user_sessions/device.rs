//! A readable device from a user agent: "Chrome on Windows", "Firefox on Linux", "Safari on
//! iPhone". Small on purpose: the browser and the system by their tell-tale tokens, in the order
//! that keeps look-alikes apart (Edge and Opera also say "Chrome", Chrome also says "Safari").

/// The browser, by the first token that names it.
fn browser(agent: &str) -> Option<&'static str> {
    const BROWSERS: [(&str, &str); 12] = [
        ("Edg/", "Edge"),
        ("EdgiOS/", "Edge"),
        ("EdgA/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("YaBrowser/", "Yandex Browser"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
        ("curl/", "curl"),
    ];
    BROWSERS
        .iter()
        .find(|(token, _)| agent.contains(token))
        .map(|(_, name)| *name)
}

/// The operating system (or the device, for Apple's phones and tablets).
fn system(agent: &str) -> Option<&'static str> {
    const SYSTEMS: [(&str, &str); 9] = [
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("Windows", "Windows"),
        ("CrOS", "ChromeOS"),
        ("Macintosh", "macOS"),
        ("Mac OS X", "macOS"),
        ("Ubuntu", "Linux"),
        ("Linux", "Linux"),
    ];
    SYSTEMS
        .iter()
        .find(|(token, _)| agent.contains(token))
        .map(|(_, name)| *name)
}

/// "Browser on System", or whichever half is known, or "Unknown device".
pub fn describe(agent: Option<&str>) -> String {
    let agent = agent.unwrap_or_default();
    match (browser(agent), system(agent)) {
        (Some(b), Some(s)) => format!("{b} on {s}"),
        (Some(b), None) => b.to_owned(),
        (None, Some(s)) => s.to_owned(),
        (None, None) => "Unknown device".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::describe;

    #[test]
    fn common_browsers_and_systems() {
        let cases = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
                "Chrome on Windows",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
                "Firefox on Linux",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
                "Safari on iPhone",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
                "Safari on macOS",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
                "Chrome on iPhone",
            ),
            ("curl/8.5.0", "curl"),
        ];
        for (agent, expected) in cases {
            assert_eq!(describe(Some(agent)), expected, "{agent}");
        }
    }

    #[test]
    fn unknown_agents_say_so() {
        assert_eq!(describe(None), "Unknown device");
        assert_eq!(describe(Some("something")), "Unknown device");
    }
}
