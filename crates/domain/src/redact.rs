//! Masking personal data for logs: an address keeps its first character and its domain
//! (`j***@example.com`), enough to tell mails apart without recording whom they went to.

/// `john.doe@example.com` to `j***@example.com`; text without `@` to `***`.
pub fn mask_email(address: &str) -> String {
    match address.rsplit_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".to_owned(),
    }
}

/// A rate-limit key such as `login:email:john@example.com` with any address in it masked.
pub fn mask_emails_in(text: &str) -> String {
    text.split(':')
        .map(|part| {
            if part.contains('@') {
                mask_email(part)
            } else {
                part.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(":")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_keep_one_letter_and_the_domain() {
        assert_eq!(mask_email("john.doe@example.com"), "j***@example.com");
        assert_eq!(mask_email("x@b.co"), "x***@b.co");
        assert_eq!(mask_email("@b.co"), "***@b.co");
        assert_eq!(mask_email("plain"), "***");
    }

    #[test]
    fn keys_mask_only_the_address() {
        assert_eq!(
            mask_emails_in("login:email:john.doe@example.com"),
            "login:email:j***@example.com"
        );
        assert_eq!(mask_emails_in("login:net:127.0.0.1"), "login:net:127.0.0.1");
    }
}
