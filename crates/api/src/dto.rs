//! The former name of `view.rs` (the answers several routes share), kept only for the sign-in
//! files (`auth/`, `twofactor/complete.rs`) that still import it while their rewrite is under
//! way elsewhere: they import `crate::view` with that rewrite, and this file goes.

pub use crate::view::*;
