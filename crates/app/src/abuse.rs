//! The abuse desk's mails and the customer's notification: the reporter's confirmation with the
//! case number, the operator's reply to the reporter (the template wraps their words), and the
//! warning to the customer whose connections the case matched.

use upstream::OutgoingMail;

/// The subject every mail of a case carries, so that replies thread together.
fn case_subject(case: i64) -> String {
    format!("Abuse report #{case}")
}

/// Sent to the reporter when the report is filed.
pub fn confirmation(to: String, case: i64, destination: &str, days_kept: u32) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: format!("{} received", case_subject(case)),
        text: format!(
            "Thank you for your report about traffic to {destination}. Its case number is \
             #{case}; please quote it if you write to us about it.\n\n\
             Our operators match the time and destination you gave against the connection \
             records we keep ({days_kept} days) and act on what they find. We will write to you \
             from this case when they have.\n"
        ),
    }
}

/// The operator's reply to the reporter: their message inside the case's frame.
pub fn reply(to: String, case: i64, message: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: format!("Re: {}", case_subject(case)),
        text: format!(
            "Hello,\n\n{message}\n\nThis is about your abuse report #{case}. Reply to this \
             message to add to it.\n\n— The ProxyShop abuse desk\n"
        ),
    }
}

/// The title of the warning in the customer's notification centre.
pub const WARNING_TITLE: &str = "Abuse report about your traffic";

/// The warning's body, in the notification and in the mail.
pub fn warning_body(destination: &str, message: &str) -> String {
    format!(
        "We received an abuse report about connections from your proxies to {destination}.\n\n\
         {message}\n\nRepeated abuse ends in suspended credentials or a disabled account; see \
         the acceptable use policy."
    )
}

/// The warning mailed to the customer.
pub fn warning(to: String, case: i64, destination: &str, message: &str) -> OutgoingMail {
    OutgoingMail {
        to,
        subject: format!("{WARNING_TITLE} (#{case})"),
        text: format!("{}\n", warning_body(destination, message)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_names_the_case() {
        let sent = confirmation("r@example.com".into(), 7, "example.com", 30);
        assert!(sent.subject.contains("#7") && sent.text.contains("#7"));
        assert!(sent.text.contains("30 days"));
        let answered = reply("r@example.com".into(), 7, "We suspended the credential.");
        assert!(answered.subject.contains("#7"));
        assert!(answered.text.contains("We suspended the credential."));
        let warned = warning("c@example.com".into(), 7, "example.com", "Stop it.");
        assert!(warned.subject.contains("#7") && warned.text.contains("example.com"));
    }
}
