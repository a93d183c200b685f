//! The app's own routes, as the front-end build lists them (`routes.json`): patterns such as
//! `/use-case/:slug`, matched segment by segment and case-insensitively like the router.

/// The app's route patterns, each a list of segments.
#[derive(Debug)]
pub struct Routes(Vec<Vec<Segment>>);

#[derive(Debug)]
enum Segment {
    Literal(String),
    Param,
}

impl Routes {
    /// Splat (`*`) patterns are the app's own not-found screens and never count as known.
    pub fn new(patterns: &[String]) -> Routes {
        Routes(
            patterns
                .iter()
                .filter(|p| p.starts_with('/') && !p.contains('*'))
                .map(|p| {
                    segments(p)
                        .map(|s| match s.strip_prefix(':') {
                            Some(_) => Segment::Param,
                            None => Segment::Literal(s.to_lowercase()),
                        })
                        .collect()
                })
                .collect(),
        )
    }

    pub fn matches(&self, raw_path: &str) -> bool {
        let path = percent_decode(raw_path).to_lowercase();
        let parts: Vec<&str> = segments(&path).collect();
        self.0.iter().any(|pattern| {
            pattern.len() == parts.len()
                && pattern.iter().zip(&parts).all(|(seg, part)| match seg {
                    Segment::Param => true,
                    Segment::Literal(lit) => lit == part,
                })
        })
    }
}

/// Non-empty segments: `/a//b/` is `a`, `b`, as the router sees it.
fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

/// `%26` to `&`; invalid escapes stay as they are.
fn percent_decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes() -> Routes {
        let list = [
            "/",
            "/login",
            "/use-case/:slug",
            "/user&guide",
            "/onboard",
            "/onboard/wallet",
            "/onboard/*",
            "*",
        ];
        Routes::new(&list.map(String::from))
    }

    #[test]
    fn known_paths_match_like_the_router() {
        let r = routes();
        for path in [
            "/",
            "/login",
            "/login/",
            "/LOGIN",
            "/use-case/gaming",
            "/user&guide",
            "/user%26guide",
            "/onboard",
            "/onboard/wallet",
        ] {
            assert!(r.matches(path), "{path}");
        }
    }

    #[test]
    fn other_paths_do_not() {
        let r = routes();
        for path in [
            "/nope",
            "/use-case",
            "/use-case/a/b",
            "/onboard/nope",
            "/login/x",
            "/wallet",
        ] {
            assert!(!r.matches(path), "{path}");
        }
    }
}
