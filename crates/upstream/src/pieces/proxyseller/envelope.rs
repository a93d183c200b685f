//! Opening Proxy-Seller's answers: the `{status, data, errors}` envelope, whose business errors
//! arrive with HTTP 200. A success hands on its `data` for each call to read; an error envelope
//! becomes a refusal (or, for the access errors, unavailability).

use reqwest::StatusCode;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde_json::value::RawValue;
use serde_with::{DefaultOnError, serde_as};

use crate::pieces::source::PieceError;

/// Provider texts are cut to this many characters before they reach an error or the log.
const MAX_MESSAGE_CHARS: usize = 200;
/// The access-error triple (all code 503); "IP not allowed" may carry the caller's address.
const ACCESS_CODE: i64 = 503;
const ACCESS_MESSAGES: [&str; 4] = [
    "Error api key",
    "IP not allowed",
    "Request limit reached",
    "Error auth",
];

/// Whether a failed call may have bought something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stakes {
    /// Reading: a failure changed nothing, whatever it was.
    Read,
    /// `order/make`: a failure we cannot read may hide a placed order.
    Buy,
}

impl Stakes {
    /// The error for a failure whose effect we cannot know.
    pub(super) fn unclear(self, message: String) -> PieceError {
        match self {
            Stakes::Read => PieceError::Unavailable(message),
            Stakes::Buy => PieceError::Unknown(message),
        }
    }
}

/// The `data` of a success envelope, as sent (`null` when absent).
pub(super) struct Data(Option<Box<RawValue>>);

impl Data {
    /// `data` read into the shape one call expects.
    pub(super) fn read<T: DeserializeOwned>(&self) -> serde_json::Result<T> {
        serde_json::from_str(self.0.as_deref().map_or("null", RawValue::get))
    }
}

#[serde_as]
#[derive(Deserialize)]
struct Envelope {
    status: Status,
    data: Option<Box<RawValue>>,
    #[serde(default)]
    #[serde_as(as = "DefaultOnError<Vec<DefaultOnError>>")]
    errors: Vec<ProviderError>,
}

/// `status` must be present; a value other than the two words is an envelope we cannot read.
#[derive(Deserialize)]
#[serde(untagged)]
enum Status {
    Word(String),
    Other(IgnoredAny),
}

#[serde_as]
#[derive(Default, Deserialize)]
#[serde(default)]
struct ProviderError {
    #[serde_as(as = "DefaultOnError")]
    code: Option<i64>,
    #[serde_as(as = "DefaultOnError")]
    message: Option<String>,
}

/// The `data` of a success envelope; an error envelope as `Refused` or (access errors)
/// `Unavailable`; anything else as unclear.
pub(super) fn open(
    http: StatusCode,
    body: &str,
    stakes: Stakes,
    key: &SecretString,
) -> Result<Data, PieceError> {
    let Ok(envelope) = serde_json::from_str::<Envelope>(body) else {
        return Err(stakes.unclear(format!(
            "HTTP {} without a Proxy-Seller envelope",
            http.as_u16()
        )));
    };
    match &envelope.status {
        Status::Word(word) if word == "success" => Ok(Data(envelope.data)),
        Status::Word(word) if word == "error" => Err(refusal(&envelope.errors, key)),
        _ => Err(stakes.unclear(format!(
            "HTTP {} with an envelope whose status is neither success nor error",
            http.as_u16()
        ))),
    }
}

fn refusal(errors: &[ProviderError], key: &SecretString) -> PieceError {
    let errors: Vec<(Option<i64>, String)> = errors
        .iter()
        .map(|error| {
            let message = error.message.as_deref().map(str::trim).unwrap_or_default();
            (error.code, redact(message, key))
        })
        .collect();
    let message = errors
        .iter()
        .map(|(_, message)| message.as_str())
        .filter(|message| !message.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    let message = if message.is_empty() {
        "no reason given".to_owned()
    } else {
        message.chars().take(MAX_MESSAGE_CHARS).collect()
    };
    let access = errors.iter().any(|(code, message)| {
        *code == Some(ACCESS_CODE) || ACCESS_MESSAGES.iter().any(|m| message.starts_with(m))
    });
    if access {
        PieceError::Unavailable(format!("Proxy-Seller refused access: {message}"))
    } else {
        PieceError::Refused {
            code: errors.iter().find_map(|(code, _)| *code),
            message,
        }
    }
}

fn redact(message: &str, key: &SecretString) -> String {
    let key = key.expose_secret();
    if key.is_empty() {
        message.to_owned()
    } else {
        message.replace(key, "[key]")
    }
}

pub(super) fn unreadable(what: &str) -> PieceError {
    PieceError::Unavailable(format!("cannot read {what} in Proxy-Seller's answer"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: &str) -> Result<Data, PieceError> {
        open(
            StatusCode::OK,
            body,
            Stakes::Buy,
            &SecretString::from("k3y".to_owned()),
        )
    }

    #[test]
    fn only_an_object_with_a_status_is_an_envelope() {
        for body in ["", "[]", "{}", "<html>", r#"{"data": {}}"#] {
            let error = read(body).err().unwrap();
            assert!(matches!(error, PieceError::Unknown(_)), "{body}: {error}");
            assert!(
                error
                    .to_string()
                    .contains("without a Proxy-Seller envelope")
            );
        }
        for body in [
            r#"{"status": null}"#,
            r#"{"status": 1}"#,
            r#"{"status": "ok"}"#,
        ] {
            let error = read(body).err().unwrap();
            assert!(
                error.to_string().contains("neither success nor error"),
                "{body}"
            );
        }
    }

    #[test]
    fn error_entries_of_the_wrong_shape_count_as_empty() {
        let refused = |body: &str| match read(body).err().unwrap() {
            PieceError::Refused { code, message } => (code, message),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            refused(r#"{"status": "error", "errors": "x"}"#),
            (None, "no reason given".to_owned())
        );
        assert_eq!(
            refused(
                r#"{"status": "error", "errors": [5, {"code": "14", "message": " Incorrect goal "}, {"code": 14}]}"#
            ),
            (Some(14), "Incorrect goal".to_owned())
        );
    }

    #[test]
    fn a_success_without_data_reads_as_null() {
        let data = read(r#"{"status": "success"}"#).ok().unwrap();
        assert_eq!(data.read::<Option<u32>>().unwrap(), None);
    }
}
