//! Text query parameters of the admin lists (`?q=`, `?status=`, `?actor=`, …).

/// The parameter as given, trimmed; `None` when absent or blank (a blank filter filters nothing).
pub(crate) fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}
