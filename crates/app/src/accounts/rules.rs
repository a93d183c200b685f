//! The account settings' numbers: code lifetimes, attempts and the abuse limits
//! (docs/account.md#limits).

/// A password reset code lives 30 minutes; an email change code as long as a sign-up code.
pub const RESET_TTL_SECS: i64 = 30 * 60;
pub const EMAIL_CHANGE_TTL_SECS: i64 = crate::settings::CODE_TTL_SECS;
/// A new code for the same account only after this many seconds.
pub const RESEND_SECS: i64 = crate::settings::CODE_RESEND_SECS;
/// Wrong tries that void a code.
pub const MAX_ATTEMPTS: i32 = crate::settings::CODE_MAX_ATTEMPTS;

/// The window of every limit below.
pub const WINDOW_SECS: i64 = 60 * 60;
/// Reset codes asked for per client address and per mailbox in a window.
pub const FORGOT_PER_IP: i32 = 10;
pub const FORGOT_PER_EMAIL: i32 = 5;
/// Reset attempts (right or wrong codes, any account) per client address in a window.
pub const RESET_PER_IP: i32 = 30;
/// Email change codes per client address, per account and per new mailbox in a window.
pub const EMAIL_CHANGE_PER_IP: i32 = 10;
pub const EMAIL_CHANGE_PER_USER: i32 = 5;
pub const EMAIL_CHANGE_PER_EMAIL: i32 = 5;
/// A sub-user sign-in's invitation link works this long; an owner sends at most this many
/// invitations in a window (each mails an address the owner chose).
pub const INVITATION_TTL_SECS: i64 = 7 * 86_400;
pub const INVITES_PER_OWNER: i32 = 20;
/// Invitations mailed to one mailbox (`domain::canonical_email`) an hour, from every owner.
pub const INVITES_PER_MAILBOX: i32 = 5;
/// Checks of the current password (password and email changes) per account in a window.
pub const PASSWORD_CHECKS_PER_USER: i32 = 10;

/// The largest avatar upload, and the largest image it may decode to: per side, and in all
/// (12.6 megapixels: a 12 MP phone photo, 4032×3024 or 4080×3072, fits; 4096×4096 does not,
/// which keeps one decode under 50 MB of RGBA pixels). `messages::AVATAR_TOO_MANY_PIXELS`
/// names both.
pub const AVATAR_MAX_BYTES: usize = 2 * 1024 * 1024;
pub const AVATAR_MAX_SIDE: u32 = 4096;
pub const AVATAR_MAX_PIXELS: u64 = 12_600_000;
/// The stored avatar's side, in pixels.
pub const AVATAR_SIDE: u32 = 256;
