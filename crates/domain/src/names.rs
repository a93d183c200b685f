//! The names fieldless enums are written as (in JSON, in the database, in logs), declared once per
//! enum so that the list of values, the name of each, the parser and every encoding cannot drift
//! apart.

/// Declares a fieldless enum with the name of each value:
/// `names! { pub enum Kind { Variant => "name", … } }`. The enum gets `Debug`, `Clone`, `Copy`,
/// `Eq` and `Hash`; the constant `ALL` (every value, in the order listed); `as_str`; `parse`
/// (the exact inverse of `as_str`: any other text is `None`); `Display`, `Serialize` and
/// `Deserialize` as the name; and, with the `diesel` feature, storage as that name in TEXT
/// (`sql.rs`).
macro_rules! names {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $($(#[$vmeta:meta])* $variant:ident => $name:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(
            feature = "diesel",
            derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)
        )]
        #[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::Text))]
        pub enum $ty {
            $($(#[$vmeta])* $variant),+
        }

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

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = String::deserialize(deserializer)?;
                Self::parse(&value).ok_or_else(|| {
                    serde::de::Error::unknown_variant(&value, &[$($name),+])
                })
            }
        }
    };
}

pub(crate) use names;
