//! Pure business rules of ProxyShop: no I/O. Every other crate depends on this one; it depends on
//! nothing of ours. Types here are parsed once at the edge and trusted afterwards.

pub mod account;
pub mod calendar;
pub mod identity;
pub mod inventory;
pub mod kind;
pub mod locations;
pub mod messages;
pub mod money;
pub mod payment;
pub mod random;
pub mod redact;
pub mod targeting;
pub mod units;
pub mod validation;

pub use account::{Email, LoginForm, Password, RegistrationForm, Role, VerificationCode};
pub use identity::{CanonicalEmail, canonical_email};
pub use kind::ProxyKind;
pub use money::Cents;
pub use payment::{Coin, TopUp};
pub use targeting::{ProxyFormat, Targeting, TargetingError};
pub use validation::FieldErrors;
