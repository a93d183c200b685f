//! Pure business rules of ProxyShop: no I/O. Every other crate depends on this one; it depends on
//! nothing of ours. Types here are parsed once at the edge and trusted afterwards.

pub mod abuse;
pub mod account;
pub mod account_forms;
pub mod address_space;
pub mod alerts;
pub mod auto_topup;
pub mod base32;
pub mod billing;
pub mod blocklist;
pub mod calendar;
pub mod credential_template;
pub mod csv;
pub mod currency;
pub mod forecast;
pub mod forms;
pub mod identity;
pub mod ids;
pub mod inventory;
pub mod kind;
pub mod ledger;
pub mod locations;
pub mod margins;
pub mod messages;
pub mod money;
mod names;
pub mod network;
pub mod numbers;
pub mod order;
pub mod payment;
pub mod payout;
pub mod plural;
pub mod pool_health;
pub mod pricing;
pub mod proxy_line;
pub mod random;
pub mod redact;
pub mod refund;
pub mod reseller_brand;
pub mod resellers;
pub mod rules;
pub mod scope;
#[cfg(feature = "diesel")]
mod sql;
pub mod status;
pub mod subusers;
pub mod targeting;
pub mod totp;
pub mod traffic_health;
pub mod units;
pub mod upstream_pool;
pub mod usage;
pub mod validation;
pub mod webhook;

pub use account::{Email, Password, Role, VerificationCode};
pub use account_forms::{
    EmailChangeForm, InvitationForm, PasswordChangeForm, PasswordResetForm, ProfileForm,
};
pub use forms::{LoginForm, RegistrationForm};
pub use identity::{CanonicalEmail, canonical_email};
pub use ids::{PlanId, UserId};
pub use kind::ProxyKind;
pub use ledger::EntryKind;
pub use money::Cents;
pub use order::OrderStatus;
pub use payment::{Coin, PaymentStatus, TopUp};
pub use targeting::{ProxyFormat, Targeting, TargetingError};
pub use validation::FieldErrors;
