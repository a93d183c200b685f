//! The notices mailed when two-factor sign-in is turned on or off, so that the owner learns of
//! a change they did not make.

use upstream::OutgoingMail;

pub fn turned_on(to: &str, site: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: "Two-factor sign-in is on for your ProxyShop account".to_owned(),
        text: format!(
            "Two-factor sign-in was just turned on for your ProxyShop account. From now on, \
             signing in asks for a code from your authenticator app (or one of your recovery \
             codes).\n\n\
             If this was not you, sign in at {site}/login, change your password and turn \
             two-factor sign-in off and on again in the settings.\n"
        ),
    }
}

pub fn turned_off(to: &str, site: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: "Two-factor sign-in is off for your ProxyShop account".to_owned(),
        text: format!(
            "Two-factor sign-in was just turned off for your ProxyShop account: signing in \
             needs only your password (or Google) again.\n\n\
             If this was not you, sign in at {site}/login at once, change your password and \
             turn two-factor sign-in on again in the settings.\n"
        ),
    }
}
