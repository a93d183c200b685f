//! The user-facing messages, word for word (listed in docs/api.md#messages): the form messages the
//! front end shows too, then the server's own. Tests and the front end rely on these exact strings.

pub const EMAIL_REQUIRED: &str = "Email is required";
pub const EMAIL_INVALID: &str = "Please enter a valid email";
pub const PASSWORD_REQUIRED: &str = "Password is required";
pub const PASSWORD_TOO_SHORT: &str = "Password must be at least 6 characters";
pub const PASSWORD_TOO_LONG: &str = "Password must be at most 128 characters";
/// 503 when more passwords wait to be checked than the hashing pool queues (`app::accounts::hashing`).
pub const PASSWORD_CHECKS_BUSY: &str = "Too many sign-ins at once, please try again in a moment";
pub const PASSWORD_POLICY: &str = "Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character";
pub const CONFIRM_REQUIRED: &str = "Please confirm your password";
pub const PASSWORDS_DO_NOT_MATCH: &str = "Passwords do not match";
pub const CODE_TOO_SHORT: &str = "Please enter the 6-digit verification code";
pub const CODE_TOO_LONG: &str = "Code must be 6 characters";
pub const CODE_NOT_DIGITS: &str = "Code must contain 6 digits";
pub const SOMETHING_WENT_WRONG: &str = "Something went wrong";

// Server-side messages: only the server says these.
pub const VALIDATION_FAILED: &str = "Please check the highlighted fields";
pub const INVALID_CREDENTIALS: &str = "Invalid email or password";
pub const INVALID_CODE: &str = "Invalid or expired verification code";
pub const TOO_MANY_CODE_ATTEMPTS: &str =
    "Too many wrong attempts. Please request a new verification code";
pub const EMAIL_TAKEN: &str = "An account with this email already exists";
pub const CODE_SENT: &str = "Verification code sent to your email";
pub const ACCOUNT_CREATED: &str = "Account created successfully";
pub const LOGGED_IN: &str = "Logged in successfully";
pub const LOGGED_IN_GOOGLE: &str = "Successfully logged in with Google";
pub const LOGGED_OUT: &str = "Logged out successfully";
pub const UNAUTHORIZED: &str = "Please log in to continue";
pub const FORBIDDEN: &str = "You do not have permission to do this";
pub const NOT_FOUND: &str = "Not found";
pub const METHOD_NOT_ALLOWED: &str = "Method not allowed";
pub const TOO_MANY_REQUESTS: &str = "Too many requests. Please try again later";
pub const TOO_MANY_IDS: &str = "At most 200 ids at a time";
pub const ALERT_PERCENT: &str = "Enter up to 5 whole percents from 1 to 100";
pub const ALERT_DAYS: &str = "Enter up to 5 whole numbers of days from 1 to 30";
pub const ALERT_RUNS_OUT: &str =
    "Enter a whole number of days from 1 to 30, or nothing to turn this alert off";
pub const ALERT_BALANCE: &str = "Enter an amount greater than 0 (at most 100000, 2 decimals)";
pub const ALERT_EMAIL: &str = "Email must be true or false";
pub const ALERT_DAILY_REPORT: &str = "Daily report must be true or false";
pub const WEBHOOK_URL: &str = "Enter an https:// URL of at most 2000 characters, without a user name or password, on a public host";
pub const WEBHOOK_URL_MISSING: &str = "Set a webhook URL first";
pub const GOOGLE_NOT_CONFIGURED: &str = "Google sign-in is not available";
pub const GOOGLE_FAILED: &str = "Failed to login with Google";
pub const GOOGLE_EMAIL_UNVERIFIED: &str = "Your Google account email is not verified";
pub const ACCOUNT_DISABLED: &str = "This account has been disabled";
pub const BAD_ORIGIN: &str = "Request origin is not allowed";
pub const UNSUPPORTED_MEDIA: &str = "Requests must be sent as JSON";
/// 406 when `Accept-Encoding` refuses both the body as it is and gzip (`api::compress`).
pub const NOT_ACCEPTABLE: &str = "Answers can be sent as they are or gzip-compressed";
pub const BAD_JSON: &str = "The request body is not valid JSON";
pub const BODY_TOO_LARGE: &str = "The request body is too large";
pub const PAGE_RANGE: &str = "page must be a whole number of at least 1";

/// A `perPage` outside 1 to `max`.
pub fn per_page_range(max: i64) -> String {
    format!("perPage must be a whole number from 1 to {max}")
}

/// A query parameter holding a control character (`%00`, a newline, …).
pub fn control_characters(parameter: &str) -> String {
    format!("{parameter} must not contain control characters")
}

/// The message for a code request made before the resend countdown has run out.
pub fn wait_before_resend(seconds: i64) -> String {
    format!("Please wait {seconds} seconds before requesting a new code")
}

// Wallet (the Add Funds dialog shows the first two itself).
pub const FILL_ALL_FIELDS: &str = "Please fill all the fields";
pub const AMOUNT_TOO_SMALL: &str = "Amount must be greater than 0.1";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be at most 10000";
pub const AMOUNT_DECIMALS: &str = "Amount must have at most 2 decimals";
pub const UNSUPPORTED_METHOD: &str = "Unsupported payment method";
pub const UNSUPPORTED_CURRENCY: &str = "Unsupported currency. Choose DOGE, TRX, LTC or USDT";
pub const INSUFFICIENT_BALANCE: &str = "Insufficient balance";
pub const PAYMENT_PROVIDER_DOWN: &str =
    "The payment provider is unavailable. Please try again later";
pub const PAYMENT_NOT_FOUND: &str = "Payment not found";
pub const BAD_SIGNATURE: &str = "Invalid signature";
pub const PAYMENT_RECORDED: &str = "Payment status recorded";
/// `POST /api/payment` when no payment gateway is configured (no Cryptomus keys, and the local
/// checkout not chosen).
pub const TOPUPS_UNAVAILABLE: &str = "Top-ups are not available right now";

// IP allowlist authentication (/api/user/allowlist).
pub const ALLOWLIST_IP: &str =
    "Please enter an IP address or a CIDR range no wider than /24 (IPv4) or /48 (IPv6)";
pub const ALLOWLIST_PRIVATE: &str =
    "Private, loopback and link-local addresses cannot be allowlisted";
pub const ALLOWLIST_TYPE: &str = "Please choose a proxy type";
pub const ALLOWLIST_PIECE: &str = "Please choose one of your proxies of this type";
pub const ALLOWLIST_LIMIT: &str = "You can allowlist at most 20 addresses. Remove one first.";
pub const ALLOWLIST_TAKEN: &str = "This address is already allowlisted";
pub const ALLOWLIST_NOT_FOUND: &str = "Allowlist entry not found";
pub const ALLOWLIST_REMOVED: &str = "Address removed";
pub const ROTATION: &str = "Rotation must be random or sticky";

// Blocked destinations (/api/admin/blocklist) and the customer's own (/api/user/blocklist).
pub const BLOCKLIST_PATTERN: &str = "Please enter a domain (example.gov), its subdomains (*.gov), an IP address or CIDR range, or a port (:25)";
pub const BLOCKLIST_PATTERNS: &str = "Each entry must be a domain (example.com), its subdomains (*.example.com), an IP address or CIDR range, or a port (:25)";
pub const BLOCKLIST_KINDS: &str = "Please choose at least one proxy type, each once";
pub const BLOCKLIST_TAKEN: &str = "This destination is already blocked";
pub const BLOCKLIST_NOT_FOUND: &str = "Blocklist rule not found";
pub const BLOCKLIST_TOO_MANY: &str = "You can block at most 200 destinations";

// Sub-users (/api/user/subusers): extra proxy credentials of one traffic kind.
pub const SUBUSER_NAME: &str = "Please enter a name of 1–16 lowercase letters and digits";
pub const SUBUSER_TYPE: &str = "Please choose Premium or Budget";
pub const SUBUSER_LIMIT_GB: &str =
    "Please enter a traffic cap above 0 GB with at most 2 decimals, at most 100000";
pub const SUBUSER_MAX_CONNECTIONS: &str =
    "Please enter a whole number of connections from 1 to 10000";
pub const SUBUSER_FULL: &str = "You can have at most 50 sub-users. Delete one first.";
pub const SUBUSER_TAKEN: &str = "A sub-user with this name already exists";
pub const SUBUSER_NOT_FOUND: &str = "Sub-user not found";
pub const SUBUSER_DELETED: &str = "Sub-user deleted";
/// `POST /api/user/generate{,_budget}` with a `subuserId` that is not one of the customer's
/// enabled sub-users of that kind.
pub const SUBUSER_FOR_GENERATE: &str = "Please choose one of your enabled sub-users of this type";

// Sub-user sign-ins (/api/user/subusers/{id}/login, docs/subusers.md) and what they may do.
pub const SUBUSER_LOGIN_EMAIL_TAKEN: &str = "This email already belongs to an account or to another sub-user sign-in: please enter another email";
pub const SUBUSER_LOGIN_ACTIVE: &str =
    "This sub-user already has a sign-in: revoke it before inviting someone else";
pub const SUBUSER_LOGIN_INVITED: &str = "Invitation sent";
pub const SUBUSER_LOGIN_NOT_FOUND: &str = "This sub-user has no sign-in";
pub const SUBUSER_LOGIN_REVOKED: &str = "Sign-in revoked";
pub const INVITATION_INVALID: &str =
    "This invitation link is invalid or has expired: ask the account owner for a new one";
pub const INVITATION_ACCEPTED: &str = "Your password is set: sign in with your email and password";
/// A sub-user's sign-in asking for anything but its own sub-user's line, usage and records.
pub const SUBUSER_SESSION_REFUSED: &str =
    "A sub-user sign-in can only see its own sub-user's line, usage and records";
/// A key limited to a sub-user asking for anything else.
pub const SUBUSER_KEY_REFUSED: &str = "This key is limited to one sub-user: it can only read that sub-user's records and generate its lines";
/// A sub-user's sign-in or key naming another credential (`credential` filter, `subuserId`).
pub const SUBUSER_OTHER_DATA: &str =
    "Only this sub-user's own data is visible here: credential must be blank or name this sub-user";
pub const KEY_SUBUSER: &str = "Please choose one of your sub-users, or none for the whole account";

// The customer API's keys (/api/user/api-keys and `Authorization: Bearer psk_…`).
pub const KEY_NAME: &str = "Please enter a key name (1–60 characters)";
pub const KEY_SCOPES: &str = "Please choose at least one scope: read, generate, buy or resell";
pub const KEY_EXPIRY: &str = "The expiry must be in the future";
pub const KEY_ALLOWED_IPS: &str =
    "Please enter IP addresses or CIDR ranges, e.g. 203.0.113.7 or 10.0.0.0/8 (at most 20)";
pub const KEY_LIMIT: &str = "You can have at most 20 API keys. Revoke one first.";
pub const KEY_NOT_FOUND: &str = "API key not found";
pub const KEY_REVOKED: &str = "Key revoked";
pub const INVALID_API_KEY: &str = "Invalid API key";
pub const NEEDS_SESSION: &str = "This action needs a signed-in session";
pub const KEY_LACKS_READ: &str = "This key lacks the read scope";
pub const KEY_LACKS_GENERATE: &str = "This key lacks the generate scope";
pub const KEY_LACKS_BUY: &str = "This key lacks the buy scope";
pub const KEY_LACKS_RESELL: &str = "This key lacks the resell scope";
/// A key with the resell scope asked by an account that is not an enabled reseller.
pub const KEY_RESELL_NOT_RESELLER: &str =
    "Only a reseller account can have a key with the resell scope";
/// A reseller's client asking for a key that could do more than its own session may.
pub const KEY_CLIENT_SCOPES: &str = "A client account's keys can only read and generate";

// Plans and generators.
pub const PLAN_PURCHASED: &str = "Plan purchased successfully";
pub const PLAN_NOT_FOUND: &str = "Plan not found";
pub const PLAN_PER_PIECE: &str = "This plan is bought per piece";
pub const CUSTOM_GB_RANGE: &str = "Custom amount must be a whole number of GB from 1 to 10000";
pub const SELECT_ALL_FIELDS: &str = "Please select all the fields";
pub const PROXY_GENERATED: &str = "Proxy generated successfully";
/// A generate request with a state or city but no country (no country targets any country).
pub const COUNTRY_FOR_PLACE: &str = "Choose a country before a state or city";
/// A Premium generate request with a city but no state (Premium cities are listed per state).
pub const STATE_FOR_CITY: &str = "Choose a state before a city";
/// A generate or piece quantity above 1000 (a generate quantity of 0 too).
pub const QUANTITY_RANGE: &str = "Quantity must be between 1 and 1000";
pub const CHECK_LINE_REQUIRED: &str = "Please paste a proxy line to test";
pub const CHECK_NOT_A_LINE: &str =
    "This is not a proxy line. Use host:port:user:pass or one of the other generator formats";
pub const CHECK_NOT_OURS: &str = "Only proxies generated here can be tested";
pub const NO_TRAFFIC: &str = "No traffic left for this plan. Buy a plan first.";
pub const UNKNOWN_TYPE: &str = "Unknown proxy type";
pub const UNKNOWN_RECORD_OUTCOME: &str =
    "Unknown outcome: use ok, refused, upstream_error or cut_quota";
pub const BAD_CREDENTIAL_FILTER: &str =
    "credential must be kind:label (main, subuser, allowlist or piece, then the credential's name)";
pub const BAD_FROM: &str = "from must be a date (YYYY-MM-DD) or an RFC 3339 time";
pub const BAD_TO: &str = "to must be a date (YYYY-MM-DD) or an RFC 3339 time";
pub const FROM_AFTER_TO: &str = "from must be before to";
pub const FORMAT_CSV_OR_JSON: &str = "format must be csv or json";
pub const UNKNOWN_GROUPING: &str = "by must be host, credential, day or hour";
pub const UNKNOWN_HEALTH_GROUPING: &str = "by must be host, country, credential or hour";

// Proxies by the piece (the buy form shows the first two itself).
pub const VALID_QUANTITY: &str = "Please enter a valid quantity";
pub const VALID_NUMBER: &str = "Please enter a valid number";
pub const PIECE_GENERATED: &str = "Proxy Generated Successfully";
pub const OUT_OF_STOCK: &str = "Not enough proxies in stock";
pub const PLAN_UNAVAILABLE: &str = "This plan is no longer available";
pub const UNKNOWN_LOCATION: &str = "This location is not available";
pub const ORDER_PENDING: &str =
    "Your order is being prepared. The proxies will appear in your history shortly.";
pub const PROXY_PROVIDER_DOWN: &str = "The proxy provider is unavailable. Please try again later";

// The operator console (/api/admin/*).
pub const REASON_REQUIRED: &str = "Please give a reason (3–200 characters)";
pub const USER_NOT_FOUND: &str = "User not found";
pub const VALID_AMOUNT: &str = "Please enter a valid amount";
pub const DEBIT_TOO_LARGE: &str = "The customer's balance is too low for this debit";
pub const TRAFFIC_KIND_ONLY: &str = "Traffic can only be changed for premium or budget";
pub const VALID_GB: &str = "Please enter a valid number of GB";
pub const TRAFFIC_BELOW_USED: &str = "Cannot remove more traffic than is unused";
pub const CANNOT_DISABLE_SELF: &str = "You cannot disable your own account";
pub const LAST_ADMIN: &str = "The shop must keep at least one administrator";
pub const ALREADY_DISABLED: &str = "This account is already disabled";
pub const NOT_DISABLED: &str = "This account is not disabled";
pub const UNKNOWN_ROLE: &str = "Role must be admin or user";
pub const VALID_PRICE: &str = "Please enter a valid price";
pub const VALID_PLAN_AMOUNT: &str = "Amount must be greater than zero";
pub const VALID_VALIDITY: &str = "Please enter a valid number of days";
pub const PLAN_NAME_REQUIRED: &str = "Please enter a plan name (1–80 characters)";
pub const STOCK_NOT_FOUND: &str = "Stock entry not found";
pub const STOCK_EXISTS: &str = "This stock entry already exists";
pub const STOCK_KIND_ONLY: &str = "Stock is kept for static, lte, ipv4 and ipv6 only";
pub const VALID_CAPACITY: &str = "Please enter a valid capacity";
pub const CAPACITY_BELOW_SOLD: &str = "Capacity cannot be lower than the number already sold";
pub const COUNTRY_REQUIRED: &str = "Please enter a country";
pub const ORDER_NOT_FOUND: &str = "Order not found";
pub const ORDER_SETTLED: &str = "This order is already settled";
pub const UNKNOWN_OUTCOME: &str = "Outcome must be failed or delivered";
pub const PROXY_LINES: &str = "Enter exactly one host:port:user:pass line per ordered proxy";
pub const VALID_DAYS: &str = "Days must be between 1 and 365";
pub const EMAIL_ALREADY_VERIFIED: &str =
    "This customer's email is already verified: no new address is waiting for its code";
pub const CANNOT_RESET_OWN_PASSWORD: &str =
    "You cannot force a password reset on your own account; change your password in Settings";
pub const PASSWORD_RESET_FORCED: &str =
    "The password no longer works, every session has ended, and a reset mail is on its way";
pub const PASSWORD_RESET_FORCED_UNMAILED: &str = "The password no longer works and every session has ended, but the mail could not be sent: ask the customer to use Forgot your password";
pub const NOTE_INVALID: &str =
    "Please write a note of 1–1000 characters (line breaks allowed, no other control characters)";
pub const MAIL_NOT_SENT: &str = "The mail could not be sent. Please try again later";

/// `POST /api/admin/users/{id}/verification`: where the new code went.
pub fn verification_resent(address: &str) -> String {
    format!("We sent a new code to {address}")
}
pub const VALID_TRIAL_NETWORK: &str = "Enter an IP address or range, e.g. 203.0.113.0/24";
pub const VALID_TRIAL_ALLOWANCE: &str = "Trials must be a whole number from 1 to 1000";
pub const TRIAL_ALLOWANCE_TOO_LARGE: &str =
    "A network can be allowed at most 10000 extra trials a day";

// Account settings: profile, photo, email, password and the forgotten-password reset
// (docs/account.md).
pub const NAME_INVALID: &str = "Please enter your name (1–80 characters)";
pub const PHONE_INVALID: &str =
    "Please enter the phone number in international format, e.g. +14155550123";
pub const PROFILE_UPDATED: &str = "Profile updated";
pub const AVATAR_TOO_LARGE: &str = "The image must be at most 2 MB";
pub const AVATAR_UNSUPPORTED: &str = "Please upload a PNG, JPEG or WebP image";
/// The photo's pixel rule (`app::accounts::rules::AVATAR_MAX_SIDE`, `AVATAR_MAX_PIXELS`).
pub const AVATAR_TOO_MANY_PIXELS: &str =
    "The image must be at most 4096 pixels on a side and 12.6 megapixels in all";
pub const PHOTO_IN_PROGRESS: &str = "Your previous photo is still being processed: one photo at a time. Please try again in a moment";
pub const PHOTOS_BUSY: &str =
    "Too many photos are being processed right now. Please try again in a few seconds";

/// Over the hourly number of photo uploads of one customer.
pub fn photo_uploads_per_hour(limit: u32) -> String {
    format!("You can upload at most {limit} photos an hour. Please try again later")
}
pub const AVATAR_UPDATED: &str = "Photo updated";
pub const AVATAR_REMOVED: &str = "Photo removed";
pub const CURRENT_PASSWORD_WRONG: &str = "Current password is incorrect";
pub const EMAIL_CHANGED: &str = "Email changed";
pub const PASSWORD_CHANGED: &str = "Password changed";
pub const RESET_CODE_SENT: &str =
    "If an account exists for this email, we sent a code to reset the password.";
pub const RESET_CODE_INVALID: &str = "Invalid or expired code";
pub const PASSWORD_RESET: &str = "Password reset";

/// The answer to an email change request: where the code went.
pub fn email_code_sent(new_email: &str) -> String {
    format!("We sent a code to {new_email}")
}

// Billing details and receipts (docs/receipts.md).
pub const BILLING_COMPANY: &str = "Company must be at most 100 characters, on one line";
pub const BILLING_ADDRESS: &str = "Address must be at most 200 characters, on one line";
pub const BILLING_VAT_ID: &str = "VAT ID must be at most 32 characters, on one line";
pub const BILLING_SAVED: &str = "Billing details saved";
pub const RECEIPT_NOT_FOUND: &str = "Receipt not found";

// Two-factor sign-in and sessions (/api/user/2fa/*, /api/login/2fa, /api/user/sessions).
pub const TWO_FACTOR_ALREADY_ON: &str = "Two-factor sign-in is already on";
pub const TWO_FACTOR_NOT_ON: &str = "Two-factor sign-in is not on";
pub const TWO_FACTOR_NO_SETUP: &str = "Please start the two-factor setup first";
pub const TWO_FACTOR_ON: &str = "Two-factor sign-in is on";
pub const TWO_FACTOR_OFF: &str = "Two-factor sign-in is off";
pub const INVALID_TWO_FACTOR_CODE: &str = "Invalid code";
pub const SIGN_IN_AGAIN: &str = "Please sign in again";
pub const ADMIN_TWO_FACTOR_REQUIRED: &str = "Two-factor sign-in is required for administrators";
/// The same words as the password change's refusal; its own name so each area owns its messages.
pub const TWO_FACTOR_PASSWORD_WRONG: &str = CURRENT_PASSWORD_WRONG;
pub const SESSION_ENDED: &str = "Session ended";
pub const OTHER_SESSIONS_ENDED: &str = "Other sessions ended";

// Renewals of pieces (docs/renewals.md).
pub const PIECE_NOT_FOUND: &str = "Proxy not found";
pub const PIECE_RENEWED: &str = "Proxy renewed";
pub const RENEWAL_TOO_LATE: &str = "This proxy has expired and can no longer be renewed";
pub const RENEWAL_UNDER_WAY: &str = "This proxy is being renewed already";
pub const RENEWAL_UNCONFIRMED: &str =
    "The provider did not confirm the renewal. We will check it with them";
pub const SEEN_EXPIRY: &str = "The expiry must be a whole number of unix seconds";
pub const AUTO_RENEW_FLAG: &str = "Auto-renew must be true or false";
/// A provider's piece connects to the provider, not to our gateway: the checker does not test it.
pub const PIECE_CHECK_PROVIDER: &str =
    "This proxy is served by its provider; test it with your own client";
pub const EXPIRY_AT: &str =
    "Enter the expiry in unix seconds, a whole number from 1000000000 (2001) to 4102444800 (2100)";
// Automatic top-up of traffic.
pub const AUTO_TOPUP_TYPE: &str = "Please choose Premium or Budget";
pub const AUTO_TOPUP_ENABLED: &str = "Enabled must be true or false";
pub const AUTO_TOPUP_BELOW: &str = "Enter GB greater than 0 (at most 10000, 2 decimals)";
pub const AUTO_TOPUP_PLAN: &str = "Choose a plan of this traffic type that is on sale";

// The abuse desk (`POST /api/abuse`, `/api/admin/abuse/*`).
pub const ABUSE_DESTINATION_INVALID: &str =
    "Enter the destination as a host name (example.com) or an IP address";
pub const ABUSE_FROM_INVALID: &str =
    "Enter the start as an RFC 3339 time, e.g. 2026-11-29T14:03:00Z";
pub const ABUSE_TO_INVALID: &str = "Enter the end as an RFC 3339 time, e.g. 2026-11-29T14:10:00Z";
pub const ABUSE_WINDOW_INVALID: &str =
    "The time window must end after it starts and span at most 24 hours";
pub const ABUSE_WINDOW_FUTURE: &str = "The time window cannot start in the future";
pub const ABUSE_PORT_INVALID: &str = "Port must be a whole number from 1 to 65535";
pub const ABUSE_DESCRIPTION_INVALID: &str =
    "Please describe what happened in 10–5000 characters (line breaks allowed)";
pub const ABUSE_EVIDENCE_INVALID: &str =
    "Evidence can be at most 20000 characters (line breaks allowed, no other control characters)";
pub const ABUSE_MESSAGE_INVALID: &str =
    "Please write a message of 10–5000 characters (line breaks allowed)";
pub const ABUSE_STATUS_INVALID: &str = "Status must be open, answered or closed";
pub const ABUSE_CASE_NOT_FOUND: &str = "Abuse report not found";
pub const ABUSE_CASE_CHANGED: &str =
    "This case was changed meanwhile (or is already in that state); reload it";
pub const ABUSE_CASE_CLOSED: &str = "This case is closed; reopen it first";
pub const ABUSE_RECORD_NOT_IN_CASE: &str =
    "That connection record is not one of this case's matches";
pub const ABUSE_ALREADY_BLOCKED: &str = "This destination is already blocked for this customer";
pub const ABUSE_NOT_SUSPENDABLE: &str =
    "Only a sub-user or the main proxy credential can be suspended; disable the customer instead";
pub const ABUSE_ALREADY_SUSPENDED: &str = "This sub-user is already suspended";

// Self-serve refunds (docs/refunds.md): the eligibility's reasons and the 409s of a refusal.
pub const REFUND_ELIGIBLE: &str = "The unused part of your latest purchase can be refunded";
pub const REFUND_NO_PURCHASE: &str = "There is no purchase of this type to refund";
pub const REFUND_TOO_LATE: &str = "Too late: the refund period of your latest purchase has ended";
pub const REFUND_TOO_MUCH_USED: &str =
    "Too much used: more of your latest purchase was used than a refund allows";
pub const REFUND_ALREADY: &str = "Your latest purchase was already refunded";
pub const REFUND_NOTHING_LEFT: &str = "Nothing of your latest purchase is left to refund";
pub const REFUND_PAUSED: &str = "Refunds are paused for this account; please contact support";
pub const PIECE_REFUND_NOT_FAILED: &str =
    "Only a proxy whose last check failed can be refunded; check it first";
pub const PIECE_REFUND_TOO_LATE: &str =
    "Too late: a proxy can be refunded only within its first hours";
pub const PIECE_REFUND_PROVIDER: &str = "This proxy's provider does not allow cancelling it";
pub const PIECE_REFUND_ALREADY: &str = "This proxy was already refunded";
pub const REFUND_TRAFFIC_ONLY: &str = "Only premium or budget traffic is refunded this way";
pub const REFUSAL_DAYS: &str = "Days must be a whole number from 0 to 365";

// The status page and SLA credits (docs/status.md).
pub const MONTH_FORMAT: &str = "Month must be written YYYY-MM, e.g. 2026-11";
pub const INCIDENT_TITLE: &str = "Title must be 3 to 200 characters";
pub const INCIDENT_BODY: &str = "Body must be 1 to 5000 characters";
pub const INCIDENT_STATUS: &str =
    "Status must be investigating, identified, monitoring or resolved";
pub const INCIDENT_COMPONENTS: &str =
    "Components must name at least one component of the status page";
pub const INCIDENT_NOT_FOUND: &str = "Incident not found";
pub const INCIDENT_RESOLVED: &str = "This incident is already resolved";
pub const MAINTENANCE_WINDOW: &str = "endsAt must be after startsAt";
pub const STATUS_UNAVAILABLE: &str =
    "The status page is not available yet, please try again in a few seconds";

// Prices: coupons, volume tiers, customer prices (docs/admin-api/prices.md).
pub const COUPON_UNKNOWN: &str = "Unknown coupon code";
pub const COUPON_INACTIVE: &str = "This coupon is no longer available";
pub const COUPON_NOT_YET: &str = "This coupon is not valid yet";
pub const COUPON_EXPIRED: &str = "This coupon has expired";
pub const COUPON_WRONG_KIND: &str = "This coupon does not apply to this proxy type";
pub const COUPON_WRONG_PLAN: &str = "This coupon does not apply to this plan";
pub const COUPON_USED_UP: &str = "This coupon has been used up";
pub const COUPON_USED_BY_YOU: &str = "You have already used this coupon";
pub const COUPON_FIRST_PURCHASE: &str = "This coupon is for a first purchase only";
pub const COUPON_APPLIED: &str = "Coupon applied";
pub const COUPON_CODE_FORMAT: &str = "code must be 3 to 32 letters, digits, dashes or underscores";
pub const COUPON_CODE_TAKEN: &str = "A coupon with this code already exists";
pub const COUPON_ONE_DISCOUNT: &str = "Give exactly one of percentOff and amountOff";
pub const COUPON_PERCENT: &str = "percentOff must be a whole number from 1 to 90";
pub const COUPON_AMOUNT: &str = "amountOff must be an amount from 0.01 to 10000 (USD)";
pub const COUPON_MIN_SPEND: &str = "minSpend must be an amount from 0.01 to 100000 (USD), or null";
pub const COUPON_MAX_USES: &str = "maxUses must be a whole number from 1 to 1000000, or null";
pub const COUPON_MAX_USES_BELOW: &str = "maxUses cannot be below the coupon's uses so far";
pub const COUPON_PER_CUSTOMER: &str = "maxUsesPerCustomer must be a whole number from 1 to 1000";
pub const COUPON_KINDS: &str =
    "kinds must list proxy types (premium, budget, static, lte, ipv4, ipv6)";
pub const COUPON_PLAN_IDS: &str = "planIds must list existing plans";
pub const COUPON_WINDOW: &str = "validUntil must be after validFrom";
pub const COUPON_DATE: &str = "validFrom and validUntil must be unix seconds, or null";
pub const COUPON_NOT_FOUND: &str = "Coupon not found";
pub const TIERS_TRAFFIC_ONLY: &str = "tiers applies to traffic plans (premium and budget)";
pub const TIERS_FORMAT: &str = "tiers must be at most 10 rows of {minGb: 1 to 10000, pricePerGb: 0.01 to 1000 (USD)} with distinct minGb";
pub const CUSTOMER_PERCENT: &str = "percentOff must be a whole number from 0 to 90";

// Referral payouts (docs/api.md#referral-payouts, docs/admin-api/payouts.md).
pub const PAYOUT_TOO_LARGE: &str = "Amount must be at most 10000";
pub const PAYOUT_ADDRESS_LENGTH: &str = "Address must be 20 to 100 characters";
pub const PAYOUT_ADDRESS_CHARS: &str = "Address may hold only letters and digits";
pub const TRANSFER_POSITIVE: &str = "Amount must be greater than 0";
pub const REFERRAL_BALANCE_LOW: &str = "Your referral balance is too low for this amount";
pub const REFERRAL_BALANCE_EMPTY: &str = "Your referral balance is empty";
pub const PAYOUT_NOT_FOUND: &str = "Payout not found";
pub const PAYOUT_STATUS_FILTER: &str =
    "Status must be requested, approved, processing, paid, failed or refused";
pub const PAYOUT_SETTLED: &str = "This payout is already paid, failed or refused";
pub const PAYOUT_WITH_PROVIDER: &str =
    "The provider has taken this payout: it ends as paid or failed when the provider says so";
pub const PAYOUT_RECORDED: &str = "Payout status recorded";
pub const PAYOUT_REPORT_INVALID: &str = "The payout report is not valid";
pub const PAYOUT_IN_FLIGHT: &str =
    "This payout is being sent to the provider right now; reload it in a minute";
pub const PAYOUT_OUTCOME_UNKNOWN: &str = "The provider's answer to this payout was lost: check it \
     in the provider's dashboard and approve again (the same order id never pays twice)";
pub const PAYOUT_PROVIDER_FAILED: &str =
    "The payout provider did not pay this payout; it stays approved: approve again or refuse it";
pub const PAYOUTS_OFF: &str = "Payouts are off: no payout provider is configured";

// Resellers (docs/resellers.md): the operator's grant, the reseller's clients and the traffic
// moved to and from them.
pub const RESELLER_ENABLED: &str = "enabled must be true or false";
pub const RESELLER_DISCOUNT: &str = "discountPercent must be a whole number from 0 to 90";
pub const RESELLER_MAX_CLIENTS: &str = "maxClients must be a whole number from 1 to 10000";
/// `PUT /api/admin/users/{id}/reseller` naming an account that is not a customer of its own.
pub const RESELLER_NOT_CUSTOMER: &str =
    "A sub-user sign-in or a reseller's client cannot be made a reseller";
pub const NOT_A_RESELLER: &str =
    "Only a reseller account can do this: ask the shop to make your account a reseller";
/// Pieces a reseller assigns to its clients.
pub const PIECE_ID: &str = "pieceId must be the id of one of your proxies";
pub const PIECE_HELD: &str = "A client holds this proxy already: take it back first";
pub const PIECE_TAKEN_BACK: &str = "Proxy taken back: its password was changed";
pub const NOT_A_CLIENT: &str =
    "Only a reseller's client holds proxies from its reseller: yours are under Proxies";
pub const CLIENT_NOT_FOUND: &str = "Client not found";
pub const CLIENT_NAME: &str = "name must be 1 to 80 characters, without control characters";
pub const CLIENT_NOTE: &str = "note must be at most 500 characters";
pub const CLIENT_SUSPENDED: &str = "suspended must be true or false";
pub const CLIENT_CREATED_INVITED: &str = "Client created: an invitation to set a password was sent";
pub const CLIENT_CREATED: &str = "Client created";
pub const CLIENT_DISABLED_BY_SHOP: &str =
    "The shop has disabled this client's account: only the shop can enable it";
pub const CLIENT_HOLDS_TRAFFIC: &str = "This client still has unused traffic or working proxies: \
     reclaim the traffic and take back its proxies first";
pub const CLIENT_DELETED: &str = "Client deleted";
/// A move of traffic naming a kind that is not sold by the GB.
pub const MOVE_TYPE: &str = "type must be premium or budget: only traffic sold by the GB moves";
pub const MOVE_GB: &str = "gb must be a number above 0 with at most 2 decimals, at most 100000";
pub const MOVE_VALIDITY: &str = "validityDays must be a whole number of days from 1 to 3650";
pub const MOVE_PAST_END: &str = "validityDays reaches past the end of your own traffic of this \
     type: choose fewer days, or leave it out to give the client your end";
pub const ALLOCATE_NOT_ENOUGH: &str =
    "Not enough traffic: you have less unused traffic of this type than that";
pub const RECLAIM_NOT_ENOUGH: &str =
    "Not enough traffic: this client has less unused traffic of this type than that";
/// A reseller's client's session asking for anything but its own dashboard.
pub const CLIENT_SESSION_REFUSED: &str =
    "A client account can only see its own traffic, usage and records and generate its lines";
/// A key of a reseller's client asking for anything else.
pub const CLIENT_KEY_REFUSED: &str = "This key belongs to a client account: it can only read its own traffic, usage and records and generate its lines";

// A reseller's white label and catalogue.
pub const BRAND_SLUG: &str = "slug must be 3 to 40 lower-case letters, digits or hyphens, not starting or ending with a hyphen";
pub const BRAND_NAME: &str = "name must be 1 to 60 characters, without control characters";
pub const BRAND_COLOUR: &str = "colour must be a colour written #rrggbb, such as #1a73e8";
pub const BRAND_SUPPORT_EMAIL: &str = "supportEmail must be a valid email";
pub const BRAND_SUPPORT_URL: &str =
    "supportUrl must be an https:// address of at most 200 characters";
pub const BRAND_PROXY_HOST: &str =
    "proxyHost must be a host name such as proxy.example.com (a CNAME to the shop's gateway)";
pub const BRAND_SLUG_TAKEN: &str = "This address is taken: choose another";
pub const BRAND_NOT_FOUND: &str = "Brand not found";
pub const BRAND_NOT_SET: &str = "Set your brand first: its name, address and colour";
pub const BRAND_SAVED: &str = "Brand saved";
pub const BRAND_LOGO_SAVED: &str = "Logo saved";
pub const BRAND_LOGO_REMOVED: &str = "Logo removed";
/// A reseller's low-pool alerts (`PUT /api/reseller/alerts`).
pub const POOL_ALERT_PREMIUM: &str =
    "premiumBelowGb must be a whole number of GB from 1 to 100000, or null to turn it off";
pub const POOL_ALERT_BUDGET: &str =
    "budgetBelowGb must be a whole number of GB from 1 to 100000, or null to turn it off";
pub const CATALOGUE_OPEN: &str = "clientPurchases must be true or false";
pub const CATALOGUE_PRICE: &str =
    "pricePerGb must be a number above 0 with at most 2 decimals, at most 10000, or null";
pub const CATALOGUE_PRICES: &str =
    "prices must be a list of {type, pricePerGb} with each of premium and budget at most once";
pub const CATALOGUE_SAVED: &str = "Catalogue saved";
/// A client whose reseller does not let its clients buy.
pub const CATALOGUE_CLOSED: &str = "Your provider does not sell traffic here: ask your provider";
pub const CATALOGUE_GB: &str = "gb must be a whole number from 1 to 10000";
pub const CATALOGUE_KIND_NOT_SOLD: &str = "type must be a kind your provider sells";
/// The reseller's price is under the shop's and the reseller's balance cannot make up for it.
pub const CATALOGUE_UNAVAILABLE: &str =
    "This purchase is not available right now: ask your provider";
pub const CATALOGUE_BOUGHT: &str = "Traffic added to your account";

/// A reseller past its `maxClients`.
pub fn reseller_clients_full(max: i32) -> String {
    format!("You can have at most {max} clients (maxClients): delete one or ask the shop for more")
}

/// A payout below the shop's minimum (`PROXYSHOP_PAYOUT_MIN`).
pub fn payout_below_minimum(min: crate::money::Cents) -> String {
    format!("Amount must be at least ${}", min.to_decimal_string())
}
