//! Signing up with an emailed code: the code mailed (`request_code`; a registered address is
//! mailed a notice instead, and the answer is the same), checked in a transaction of its own (`check_code`:
//! a wrong guess costs a counted attempt and no password hashing), then the account made with
//! its free trial (`create`), provided the code checked is still the pending one.

use crate::accounts::{NewAccount, create_user, default_name, referrer_for, trial};
use crate::blocking::in_transaction;
use crate::error::AppError;
use crate::rate_limit::check_limits;
use crate::settings::{
    CODE_MAX_ATTEMPTS, CODE_RESEND_SECS, CODE_TTL_SECS, RateLimits, TrialPolicy,
};
use crate::sign_in::{code_hash, code_matches};
use crate::state::Services;
use domain::{Email, RegistrationForm, messages as msg, random};
use persistence::users::{self, UserRow};
use persistence::{DbPool, email_codes, now};
use upstream::OutgoingMail;

/// Stored in place of a code hash for a registered address: it keeps the resend countdown
/// identical for both kinds of address and never matches a typed code (hashes are 64 hex digits).
const NO_CODE: &str = "registered";

/// Mails a code for `email`, or the notice of an existing account (with a link into `site`),
/// within the limits per client `network` and per mailbox and the resend countdown
/// (`RateLimited` past them). When the mail fails the code is undone, so the customer is not
/// held by the countdown for a mail that never left.
pub async fn request_code(
    services: &Services,
    code_key: &[u8; 32],
    limits: &RateLimits,
    site: &str,
    email: Email,
    network: String,
) -> Result<(), AppError> {
    let pool = &services.pool;
    check_limits(
        pool,
        limits.code_window,
        vec![
            (format!("code:net:{network}"), limits.code_per_ip),
            // Per mailbox: `a.b+1@gmail.com` and `ab+2@gmail.com` reach one person.
            (
                format!("code:email:{}", email.canonical().as_str()),
                limits.code_per_email,
            ),
        ],
    )
    .await?;

    let code = random::verification_code();
    let hash = code_hash(code_key, email.as_str(), &code);
    let address = email.as_str().to_owned();
    let registered = in_transaction(pool, move |conn| {
        // An address held only by an invitation to someone's sub-user sign-in is not an
        // account: its owner may register it (`create` removes the invitation).
        let registered = users::email_exists(conn, &address)?
            && !persistence::subuser_logins::only_invited(conn, &address)?;
        let t = now();
        if let Some(previous) = email_codes::find(conn, &address)? {
            let wait = previous.sent_at + CODE_RESEND_SECS - t;
            if wait > 0 {
                return Err(AppError::RateLimited {
                    message: msg::wait_before_resend(wait),
                    retry_after: wait.unsigned_abs(),
                });
            }
        }
        let stored = if registered { NO_CODE } else { hash.as_str() };
        email_codes::replace(conn, &address, stored, t, t + CODE_TTL_SECS)?;
        Ok(registered)
    })
    .await?;

    let to = email.as_str().to_owned();
    let mail = if registered {
        account_exists_mail(to, site)
    } else {
        code_mail(to, &code)
    };
    if let Err(err) = services.mailer.send(mail).await {
        // Undo the code so the customer is not held by the resend countdown for a mail that
        // never left.
        let address = email.into_inner();
        in_transaction(pool, move |conn| Ok(email_codes::delete(conn, &address)?)).await?;
        return Err(AppError::internal("sending verification mail", err));
    }
    Ok(())
}

/// Checks the code of `form` against the one pending for its address, spending an attempt
/// first; answers the pending code's hash (what `create` checks again), or `BadRequest` for a
/// wrong, spent or expired code.
pub async fn check_code(
    pool: &DbPool,
    code_key: &[u8; 32],
    form: &RegistrationForm,
) -> Result<String, AppError> {
    let key = *code_key;
    let email = form.email.as_str().to_owned();
    let code = form.code.as_str().to_owned();
    let checked = in_transaction(pool, move |conn| {
        let Some(pending) = email_codes::find(conn, &email)? else {
            return Ok(Err(msg::INVALID_CODE));
        };
        if pending.expires_at <= now() {
            email_codes::delete(conn, &email)?;
            return Ok(Err(msg::INVALID_CODE));
        }
        // Spend an attempt before comparing, atomically, so parallel guesses share the limit.
        let Some(attempt) = email_codes::reserve_attempt(conn, &email, CODE_MAX_ATTEMPTS)? else {
            return Ok(Err(msg::TOO_MANY_CODE_ATTEMPTS));
        };
        if !code_matches(&key, &email, &code, &pending.code_hash) {
            // This attempt's own number (not the count read before it: parallel guesses
            // raise it meanwhile), so exactly the last one allowed says so.
            let last = attempt >= CODE_MAX_ATTEMPTS;
            return Ok(Err(if last {
                msg::TOO_MANY_CODE_ATTEMPTS
            } else {
                msg::INVALID_CODE
            }));
        }
        Ok(Ok(pending.code_hash))
    })
    .await?;
    checked.map_err(|message| AppError::BadRequest(message.to_owned()))
}

/// Creates the account of `form` with `password_hash` (with its free trial under `policy`,
/// from the client address `source`) if the code `proven` by `check_code` is still the pending
/// one; answers the account and what came of the trial. `BadRequest` when a parallel sign-up
/// used the code meanwhile or it expired.
pub async fn create(
    pool: &DbPool,
    form: RegistrationForm,
    password_hash: String,
    proven: String,
    policy: TrialPolicy,
    source: String,
) -> Result<(UserRow, Option<trial::TrialClaim>), AppError> {
    let outcome = in_transaction(pool, move |conn| {
        let email = form.email.as_str();
        // The code checked above must still be the pending one: a parallel registration with
        // it may have used it meanwhile, or it may have expired.
        match email_codes::find(conn, email)? {
            Some(pending) if pending.code_hash == proven && pending.expires_at > now() => {}
            _ => return Ok(None),
        }
        // The code proved the address: an invitation to a sub-user's sign-in not yet taken up
        // gives way to its owner's own account.
        persistence::subuser_logins::give_way(conn, email)?;
        let mailbox = form.email.canonical();
        let referrer = referrer_for(conn, form.ref_code.as_deref(), &mailbox)?;
        let user = create_user(
            conn,
            &NewAccount {
                email,
                password_hash: Some(&password_hash),
                google_sub: None,
                name: &default_name(email),
                avatar_url: None,
                role: "user",
                referred_by: referrer,
            },
        )?;
        email_codes::delete(conn, email)?;
        // The code proved the address: the trial goes with the account, or not at all.
        let trial = trial::grant(conn, policy, user.id, &mailbox, &source)?;
        Ok(Some((user, trial)))
    })
    .await?;
    outcome.ok_or_else(|| AppError::BadRequest(msg::INVALID_CODE.to_owned()))
}

fn code_mail(to: String, code: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Your ProxyShop verification code".to_owned(),
        text: format!(
            "Your ProxyShop verification code is {code}\n\n\
             It expires in {} minutes. If you did not ask for it, ignore this message.\n",
            CODE_TTL_SECS / 60
        ),
    }
}

/// Sent instead of a code when the address already has an account.
fn account_exists_mail(to: String, site: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Someone tried to sign up to ProxyShop with your email".to_owned(),
        text: format!(
            "Someone (perhaps you) just asked to create a ProxyShop account with this email \
             address. You already have an account with it, so no verification code was sent \
             and no new account was made.\n\n\
             If it was you, sign in instead: {site}/login\n\
             (If you signed up with Google, use the Sign in with Google button there.)\n\
             If you forgot your password, follow \"Forgot your password?\" on that page to \
             have it reset.\n\n\
             If it was not you, ignore this message: your account is unchanged, and nobody can \
             register this address without access to your mailbox.\n"
        ),
    }
}
