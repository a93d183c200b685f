//! The mails of the account settings: the codes, and the notices that tell the owner their
//! password or email changed.

use upstream::{Mailer, OutgoingMail};

/// The reset code. The sentence "verification code is" is the one every code mail uses.
pub fn reset_code(to: String, code: &str, minutes: i64) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Reset your ProxyShop password".to_owned(),
        text: format!(
            "Someone (perhaps you) asked to reset the password of your ProxyShop account.\n\n\
             Your verification code is {code}\n\n\
             Enter it on the page where you asked for it, in the same browser: it works \
             nowhere else. It expires in {minutes} minutes and works once. If you did not ask \
             for it, ignore this message: your password is unchanged.\n"
        ),
    }
}

pub fn email_change_code(to: String, code: &str, minutes: i64) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Confirm your new ProxyShop email".to_owned(),
        text: format!(
            "Someone (perhaps you) asked to move a ProxyShop account to this address.\n\n\
             Your verification code is {code}\n\n\
             It expires in {minutes} minutes. If you did not ask for it, ignore this message.\n"
        ),
    }
}

pub fn password_changed(to: String, site: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Your ProxyShop password was changed".to_owned(),
        text: format!(
            "The password of your ProxyShop account was just changed, and every other session \
             was signed out.\n\n\
             If it was you, there is nothing to do. If it was not, reset your password at once: \
             {site}/forgot-password\n"
        ),
    }
}

pub fn email_changed(to: String, new_email: &str, site: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Your ProxyShop email was changed".to_owned(),
        text: format!(
            "The email of your ProxyShop account was just changed from this address to \
             {new_email}. Mail about the account now goes there.\n\n\
             If it was not you, contact us at once: {site}/support\n"
        ),
    }
}

/// The invitation to sign in to one sub-user of someone's account.
pub fn subuser_invitation(to: String, subuser: &str, link: &str, days: i64) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "You are invited to ProxyShop".to_owned(),
        text: format!(
            "A ProxyShop customer invited you to see the proxy line \"{subuser}\": its usage, \
             records and health, and to generate its proxies.\n\n\
             Set your password here: {link}\n\n\
             The link works for {days} days. Then sign in with this email and that password. \
             If you did not expect this, ignore this message.\n"
        ),
    }
}

/// The invitation of a reseller's new client (docs/resellers.md) to set a first password. It
/// names neither the reseller nor the reseller's own account.
pub fn client_invitation(to: String, link: &str, days: i64) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: "Your proxy account is ready".to_owned(),
        text: format!(
            "A proxy account was opened for you on ProxyShop by your provider: you will see \
             your traffic, usage and records there, and generate your proxies.\n\n\
             Set your password here: {link}\n\n\
             The link works for {days} days. Then sign in with this email and that password. \
             If you did not expect this, ignore this message.\n"
        ),
    }
}

/// Sends a notice whose failure must not undo the change it reports: the failure is logged.
pub async fn send_notice(mailer: &dyn Mailer, mail: OutgoingMail) {
    if let Err(err) = mailer.send(mail).await {
        tracing::error!(%err, "sending an account notice failed");
    }
}
