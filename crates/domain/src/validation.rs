//! Field-level validation errors, collected so a form can show every message at once.

use std::borrow::Cow;

/// Field name (as the client sends it) to the first message that field failed with, in the
/// order the form checks its fields. A name is usually a constant; a body of the wrong type
/// names the field it failed on as it was sent (`items[0].name`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(Vec<(Cow<'static, str>, String)>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` for `field` unless the field already has one (the first rule broken wins).
    pub fn add(&mut self, field: impl Into<Cow<'static, str>>, message: impl Into<String>) {
        let field = field.into();
        if self.get(&field).is_none() {
            self.0.push((field, message.into()));
        }
    }

    /// Keeps the parsed value, or records its error under `field`.
    pub fn take<T>(&mut self, field: &'static str, parsed: Result<T, &'static str>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(message) => {
                self.add(field, message);
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.as_str())
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(f, m)| (f.as_ref(), m.as_str()))
    }

    /// The message to headline a response with: the first failing field's, in form order.
    pub fn first_message(&self) -> Option<&str> {
        self.0.first().map(|(_, m)| m.as_str())
    }
}
