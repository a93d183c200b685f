//! `Accept-Encoding` negotiation, shared by the front end's precompressed copies (`spa`) and
//! the compression of answers (`compress`): the coding with the highest quality value above 0
//! among those that are there; the body as it is (`identity`) is acceptable unless excluded.

/// Which precompressed copies of a file the build wrote beside it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Copies {
    pub br: bool,
    pub gzip: bool,
}

impl Copies {
    pub fn any(self) -> bool {
        self.br || self.gzip
    }
}

/// How a file is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Br,
    Gzip,
    Identity,
}

/// The quality values an `Accept-Encoding` header gives the codings this server knows.
#[derive(Clone, Copy, Debug, Default)]
pub struct Accepted {
    br: Option<f32>,
    gzip: Option<f32>,
    identity: Option<f32>,
    any: Option<f32>,
}

impl Accepted {
    pub fn parse(header: &str) -> Accepted {
        let mut accepted = Accepted::default();
        for item in header.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let mut q = 1.0_f32;
            for param in parts {
                let param = param.trim();
                if let Some(value) = param
                    .strip_prefix("q=")
                    .or_else(|| param.strip_prefix("Q="))
                {
                    // An unreadable weight excludes the coding rather than guessing.
                    q = value
                        .trim()
                        .parse::<f32>()
                        .ok()
                        .filter(|q| (0.0..=1.0).contains(q))
                        .unwrap_or(0.0);
                }
            }
            let slot = match coding.as_str() {
                "br" => &mut accepted.br,
                "gzip" | "x-gzip" => &mut accepted.gzip,
                "identity" => &mut accepted.identity,
                "*" => &mut accepted.any,
                _ => continue,
            };
            *slot = Some(q);
        }
        accepted
    }

    /// The weight of the body as it is: unnamed, acceptable but below any coding named.
    fn identity(&self) -> f32 {
        self.identity.or(self.any).unwrap_or(0.001)
    }

    /// Whether the body as it is was excluded (`identity;q=0`, or `*;q=0` without naming it).
    pub fn refuses_identity(&self) -> bool {
        self.identity() <= 0.0
    }

    /// Of the copies there are (and the body as it is), the one with the highest quality value
    /// above 0; on a tie br, then gzip, then the body. When nothing listed is there, the body.
    pub fn best(&self, copies: Copies) -> Encoding {
        let candidates = [
            (Encoding::Br, copies.br, self.br.or(self.any).unwrap_or(0.0)),
            (
                Encoding::Gzip,
                copies.gzip,
                self.gzip.or(self.any).unwrap_or(0.0),
            ),
            (Encoding::Identity, true, self.identity()),
        ];
        let mut best: Option<(Encoding, f32)> = None;
        for (encoding, present, q) in candidates {
            if present && q > 0.0 && best.is_none_or(|(_, top)| q > top) {
                best = Some((encoding, q));
            }
        }
        best.map_or(Encoding::Identity, |(encoding, _)| encoding)
    }
}

/// The copy to send for an `Accept-Encoding` header (`Accepted::best`); without the header, the
/// file itself.
pub fn negotiate(header: Option<&str>, copies: Copies) -> Encoding {
    header.map_or(Encoding::Identity, |header| {
        Accepted::parse(header).best(copies)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiation_takes_the_best_copy_there_is() {
        let both = Copies {
            br: true,
            gzip: true,
        };
        let gzip_only = Copies {
            br: false,
            gzip: true,
        };
        for (header, copies, expected) in [
            (None, both, Encoding::Identity),
            (Some(""), both, Encoding::Identity),
            (Some("gzip, deflate, br"), both, Encoding::Br),
            (Some("gzip, deflate, br"), gzip_only, Encoding::Gzip),
            (Some("br"), gzip_only, Encoding::Identity),
            (Some("br;q=0, gzip"), both, Encoding::Gzip),
            (Some("br;q=0.5, gzip;q=0.9"), both, Encoding::Gzip),
            (Some("br;q=0.9, gzip;q=0.9"), both, Encoding::Br),
            (Some("gzip;q=0, br;q=0"), both, Encoding::Identity),
            (Some("*"), both, Encoding::Br),
            (Some("*;q=0, gzip"), both, Encoding::Gzip),
            (Some("identity;q=1, br;q=0.5"), both, Encoding::Identity),
            (Some("BR;Q=1"), both, Encoding::Br),
            (Some("br;q=bad, x-gzip"), both, Encoding::Gzip),
            (Some("deflate, zstd"), both, Encoding::Identity),
        ] {
            assert_eq!(negotiate(header, copies), expected, "{header:?} {copies:?}");
        }
    }

    #[test]
    fn the_body_as_it_is_is_refused_only_when_excluded() {
        for (header, refused) in [
            ("gzip", false),
            ("gzip;q=0, br;q=0", false),
            ("*;q=0, identity", false),
            ("gzip, identity;q=0", true),
            ("gzip, *;q=0", true),
            ("IDENTITY;Q=0", true),
        ] {
            assert_eq!(
                Accepted::parse(header).refuses_identity(),
                refused,
                "{header}"
            );
        }
    }
}
