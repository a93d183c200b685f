//! The username and password the gateway presents to an upstream pool, rendered from the pool's
//! templates and the customer's targeting.
//!
//! A template is text with placeholders: `{username}` and `{password}` (the pool's own credentials
//! at the provider, never the customer's), `{country}`, `{state}`, `{city}` (the customer's
//! targeting, lower case), `{session}` (the customer's sticky session id), `{lifetime}` (the
//! session's lifetime in minutes) and `{lifetime_seconds}` (the same in seconds, for providers
//! that count in seconds). A segment in square brackets is dropped when any placeholder inside it
//! is empty: `{password}[_country-{country}][_session-{session}][_lifetime-{lifetime}m]` renders
//! `secret_country-us` for a rotating US request and `secret` for one without targeting.
//!
//! Templates are parsed once (when an operator saves a pool) and refused when malformed: an
//! unbalanced or nested bracket, an unknown or unclosed placeholder. The error names the field.
//! Rendering a parsed template cannot fail.
//!
//! `Preset` holds the syntaxes of the providers documented in docs/providers.md.

use std::fmt;

/// A value a template can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placeholder {
    Username,
    Password,
    Country,
    State,
    City,
    Session,
    Lifetime,
    LifetimeSeconds,
}

impl Placeholder {
    pub const ALL: [Placeholder; 8] = [
        Placeholder::Username,
        Placeholder::Password,
        Placeholder::Country,
        Placeholder::State,
        Placeholder::City,
        Placeholder::Session,
        Placeholder::Lifetime,
        Placeholder::LifetimeSeconds,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Placeholder::Username => "username",
            Placeholder::Password => "password",
            Placeholder::Country => "country",
            Placeholder::State => "state",
            Placeholder::City => "city",
            Placeholder::Session => "session",
            Placeholder::Lifetime => "lifetime",
            Placeholder::LifetimeSeconds => "lifetime_seconds",
        }
    }

    fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// What one request fills the placeholders with. `None` and empty strings are both empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TemplateValues<'a> {
    pub username: &'a str,
    pub password: &'a str,
    pub country: Option<&'a str>,
    pub state: Option<&'a str>,
    pub city: Option<&'a str>,
    pub session: Option<&'a str>,
    pub lifetime_minutes: Option<u32>,
}

impl TemplateValues<'_> {
    fn value(&self, placeholder: Placeholder) -> Option<String> {
        let text = |s: Option<&str>| s.filter(|s| !s.is_empty()).map(str::to_owned);
        match placeholder {
            Placeholder::Username => text(Some(self.username)),
            Placeholder::Password => text(Some(self.password)),
            Placeholder::Country => text(self.country),
            Placeholder::State => text(self.state),
            Placeholder::City => text(self.city),
            Placeholder::Session => text(self.session),
            Placeholder::Lifetime => self.lifetime_minutes.map(|m| m.to_string()),
            Placeholder::LifetimeSeconds => self
                .lifetime_minutes
                .map(|m| (u64::from(m) * 60).to_string()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Value(Placeholder),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    /// Always rendered.
    Fixed(Piece),
    /// `[...]`: rendered only when every placeholder inside has a value.
    Optional(Vec<Piece>),
}

/// A parsed template; `Display` writes it back as the text it was parsed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CredentialTemplate {
    segments: Vec<Segment>,
}

/// Longest template accepted, in characters.
pub const TEMPLATE_MAX_LEN: usize = 256;

/// Why a template was refused, naming the field (`usernameTemplate`, `passwordTemplate`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {problem}")]
pub struct TemplateError {
    pub field: &'static str,
    pub problem: String,
}

impl CredentialTemplate {
    /// Parses `text` for the form field `field`.
    pub fn parse(field: &'static str, text: &str) -> Result<Self, TemplateError> {
        let fail = |problem: String| TemplateError { field, problem };
        if text.chars().count() > TEMPLATE_MAX_LEN {
            return Err(fail(format!(
                "must be at most {TEMPLATE_MAX_LEN} characters"
            )));
        }
        if let Some(c) = text.chars().find(|c| c.is_control()) {
            return Err(fail(format!(
                "must not contain control characters (found U+{:04X})",
                u32::from(c)
            )));
        }
        let mut segments = Vec::new();
        // The pieces of the bracket being read, with the position of its `[`.
        let mut open: Option<(usize, Vec<Piece>)> = None;
        let mut text_run = String::new();
        let mut chars = text.char_indices().peekable();
        let flush =
            |run: &mut String, open: &mut Option<(usize, Vec<Piece>)>, segs: &mut Vec<Segment>| {
                if !run.is_empty() {
                    let piece = Piece::Text(std::mem::take(run));
                    match open {
                        Some((_, pieces)) => pieces.push(piece),
                        None => segs.push(Segment::Fixed(piece)),
                    }
                }
            };
        while let Some((at, c)) = chars.next() {
            match c {
                '{' => {
                    flush(&mut text_run, &mut open, &mut segments);
                    let mut name = String::new();
                    let mut closed = false;
                    for (_, c) in chars.by_ref() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        name.push(c);
                    }
                    if !closed {
                        return Err(fail(format!("unclosed '{{' at position {}", at + 1)));
                    }
                    let placeholder = Placeholder::parse(&name).ok_or_else(|| {
                        fail(format!(
                            "unknown placeholder {{{name}}} at position {}; known: {}",
                            at + 1,
                            Placeholder::ALL
                                .map(|p| format!("{{{}}}", p.name()))
                                .join(" ")
                        ))
                    })?;
                    let piece = Piece::Value(placeholder);
                    match &mut open {
                        Some((_, pieces)) => pieces.push(piece),
                        None => segments.push(Segment::Fixed(piece)),
                    }
                }
                '}' => return Err(fail(format!("unmatched '}}' at position {}", at + 1))),
                '[' => {
                    if let Some((start, _)) = open {
                        return Err(fail(format!(
                            "nested '[' at position {} (the '[' at position {} is still open)",
                            at + 1,
                            start + 1
                        )));
                    }
                    flush(&mut text_run, &mut open, &mut segments);
                    open = Some((at, Vec::new()));
                }
                ']' => {
                    flush(&mut text_run, &mut open, &mut segments);
                    let Some((start, pieces)) = open.take() else {
                        return Err(fail(format!("unmatched ']' at position {}", at + 1)));
                    };
                    if !pieces.iter().any(|p| matches!(p, Piece::Value(_))) {
                        return Err(fail(format!(
                            "the bracket at position {} holds no placeholder",
                            start + 1
                        )));
                    }
                    segments.push(Segment::Optional(pieces));
                }
                c => text_run.push(c),
            }
        }
        if let Some((start, _)) = open {
            return Err(fail(format!("unclosed '[' at position {}", start + 1)));
        }
        flush(&mut text_run, &mut open, &mut segments);
        Ok(Self { segments })
    }

    /// The credential for one request.
    pub fn render(&self, values: &TemplateValues<'_>) -> String {
        let mut out = String::new();
        for segment in &self.segments {
            match segment {
                Segment::Fixed(Piece::Text(t)) => out.push_str(t),
                Segment::Fixed(Piece::Value(p)) => {
                    out.push_str(&values.value(*p).unwrap_or_default())
                }
                Segment::Optional(pieces) => {
                    let rendered: Option<Vec<String>> = pieces
                        .iter()
                        .map(|piece| match piece {
                            Piece::Text(t) => Some(t.clone()),
                            Piece::Value(p) => values.value(*p),
                        })
                        .collect();
                    if let Some(parts) = rendered {
                        out.extend(parts);
                    }
                }
            }
        }
        out
    }

    /// Whether the template asks for `placeholder` anywhere.
    pub fn uses(&self, placeholder: Placeholder) -> bool {
        self.segments.iter().any(|s| match s {
            Segment::Fixed(p) => *p == Piece::Value(placeholder),
            Segment::Optional(pieces) => pieces.contains(&Piece::Value(placeholder)),
        })
    }
}

impl fmt::Display for CredentialTemplate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = |f: &mut fmt::Formatter<'_>, p: &Piece| match p {
            Piece::Text(t) => f.write_str(t),
            Piece::Value(v) => write!(f, "{{{}}}", v.name()),
        };
        for segment in &self.segments {
            match segment {
                Segment::Fixed(p) => piece(f, p)?,
                Segment::Optional(pieces) => {
                    f.write_str("[")?;
                    for p in pieces {
                        piece(f, p)?;
                    }
                    f.write_str("]")?;
                }
            }
        }
        Ok(())
    }
}

crate::names::names! {
    /// Providers whose credential syntax the console can fill in (docs/providers.md).
    pub enum Preset {
        IpRoyal => "iproyal",
        Oxylabs => "oxylabs",
        Decodo => "decodo",
        BrightData => "brightdata",
        Soax => "soax",
    }
}

impl Preset {
    pub fn label(self) -> &'static str {
        match self {
            Preset::IpRoyal => "IPRoyal",
            Preset::Oxylabs => "Oxylabs",
            Preset::Decodo => "Decodo (Smartproxy)",
            Preset::BrightData => "Bright Data",
            Preset::Soax => "SOAX",
        }
    }

    /// The username template: the pool's `username` is what the provider's dashboard shows
    /// (without the prefix the provider adds, e.g. Oxylabs' `customer-`).
    pub fn username_template(self) -> &'static str {
        match self {
            Preset::IpRoyal => "{username}",
            Preset::Oxylabs => {
                "customer-{username}[-cc-{country}][-city-{city}][-sessid-{session}][-sesstime-{lifetime}]"
            }
            Preset::Decodo => {
                "user-{username}[-country-{country}][-city-{city}][-session-{session}][-sessionduration-{lifetime}]"
            }
            // The username is the whole `brd-customer-<id>-zone-<zone>` the dashboard gives.
            Preset::BrightData => {
                "{username}[-country-{country}][-state-{state}][-city-{city}][-session-{session}]"
            }
            // The username is the package id.
            Preset::Soax => {
                "package-{username}[-country-{country}][-city-{city}][-sessionid-{session}][-sessionlength-{lifetime_seconds}]"
            }
        }
    }

    pub fn password_template(self) -> &'static str {
        match self {
            Preset::IpRoyal => {
                "{password}[_country-{country}][_city-{city}][_session-{session}][_lifetime-{lifetime}m]"
            }
            Preset::Oxylabs | Preset::Decodo | Preset::BrightData | Preset::Soax => "{password}",
        }
    }

    /// The provider's documented entry point and HTTP port.
    pub fn endpoint(self) -> (&'static str, u16) {
        match self {
            Preset::IpRoyal => ("geo.iproyal.com", 12321),
            Preset::Oxylabs => ("pr.oxylabs.io", 7777),
            Preset::Decodo => ("gate.decodo.com", 7000),
            Preset::BrightData => ("brd.superproxy.io", 33335),
            Preset::Soax => ("proxy.soax.com", 5000),
        }
    }
}

#[cfg(test)]
#[path = "credential_template_tests.rs"]
mod tests;
