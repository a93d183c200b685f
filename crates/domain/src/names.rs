//! The names fieldless enums are written as (in JSON, in the database, in logs), declared once per
//! enum so that the list of values, the name of each and the parser cannot drift apart.

/// `names!(Kind { Variant => "name", … })` gives `Kind` the constant `ALL` (every value, in the
/// order listed), `as_str`, `parse` (the exact inverse of `as_str`: any other text is `None`)
/// and a `Display` that writes the name.
macro_rules! names {
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            pub fn parse(value: &str) -> Option<Self> {
                Self::ALL.into_iter().find(|v| v.as_str() == value)
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

pub(crate) use names;
