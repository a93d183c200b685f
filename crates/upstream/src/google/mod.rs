//! Google sign-in: verifying on the server the ID token (a JWT signed by Google) that Google
//! Identity Services hands the browser, and reading who signed in from it.

mod error;
mod keys;
#[cfg(feature = "testing")]
pub mod testing;
mod verifier;

pub use error::GoogleError;
pub use verifier::{GOOGLE_JWKS_URL, GoogleIdentity, GoogleVerifier, JwksGoogleVerifier};
