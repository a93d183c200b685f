//! docs/configuration.md against the code: every key the configuration reads has a row in its
//! tables and every row's key is read, its table of deprecated names is the rename table, and it
//! names no other key.

use super::renamed::RENAMED;
use super::tests::keys::keys_read;
use std::collections::BTreeSet;

const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/configuration.md");

/// Sections documenting keys that the server does not read: the front end's build and the tests.
const NOT_READ: [&str; 2] = ["Front end (build time)", "Tests"];

/// The section whose table pairs each renamed key with its old name.
const DEPRECATED: &str = "Deprecated names";

#[derive(Default)]
struct Doc {
    /// Keys in the first column of the tables of the server's settings.
    read: BTreeSet<String>,
    /// Keys in the first column of the `NOT_READ` sections' tables.
    not_read: BTreeSet<String>,
    /// (old, new) from the deprecated names' table (new name first, then old name).
    renamed: BTreeSet<(String, String)>,
    /// Every word of the document written like a key (`UPPER_CASE` with an underscore).
    mentioned: BTreeSet<String>,
}

fn key_like(word: &str) -> bool {
    word.len() > 3
        && word.contains('_')
        && word.starts_with(|c: char| c.is_ascii_uppercase())
        && !word.ends_with('_')
        && word
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// The keys of a table cell: `` `A` `` or `` `A`, `B` ``.
fn cell_keys(cell: &str) -> Vec<String> {
    cell.split(',')
        .map(|k| k.trim().trim_matches('`').to_owned())
        .filter(|k| key_like(k))
        .collect()
}

fn parse(text: &str) -> Doc {
    let mut doc = Doc::default();
    let mut section = "";
    for line in text.lines() {
        doc.mentioned.extend(
            line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| key_like(w))
                .map(str::to_owned),
        );
        if let Some(heading) = line.strip_prefix("## ") {
            section = heading.trim();
            continue;
        }
        if !line.starts_with("| `") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let keys = cell_keys(cells[0]);
        if section == DEPRECATED {
            let olds = cells.get(1).map(|c| cell_keys(c)).unwrap_or_default();
            assert!(
                keys.len() == 1 && olds.len() == 1,
                "a row of \"{DEPRECATED}\" is `NEW` | `OLD`: {line}"
            );
            doc.renamed.insert((olds[0].clone(), keys[0].clone()));
        } else if NOT_READ.contains(&section) {
            doc.not_read.extend(keys);
        } else {
            doc.read.extend(keys);
        }
    }
    doc
}

fn document() -> Doc {
    parse(&std::fs::read_to_string(DOC).unwrap())
}

#[test]
fn every_key_read_is_documented_and_every_documented_key_is_read() {
    let doc = document();
    let read: BTreeSet<String> = keys_read().into_iter().map(str::to_owned).collect();
    let undocumented: Vec<_> = read.difference(&doc.read).collect();
    assert!(
        undocumented.is_empty(),
        "read but not in a table of docs/configuration.md: {undocumented:?}"
    );
    let unread: Vec<_> = doc.read.difference(&read).collect();
    assert!(
        unread.is_empty(),
        "in docs/configuration.md but never read: {unread:?}"
    );
}

#[test]
fn the_deprecated_names_table_is_the_rename_table() {
    let doc = document();
    let renamed: BTreeSet<(String, String)> = RENAMED
        .iter()
        .map(|&(old, new)| (old.to_owned(), new.to_owned()))
        .collect();
    let missing: Vec<_> = renamed.difference(&doc.renamed).collect();
    assert!(
        missing.is_empty(),
        "renamed but not in \"{DEPRECATED}\" of docs/configuration.md: {missing:?}"
    );
    let extra: Vec<_> = doc.renamed.difference(&renamed).collect();
    assert!(
        extra.is_empty(),
        "in \"{DEPRECATED}\" of docs/configuration.md but not renamed: {extra:?}"
    );
}

#[test]
fn the_document_names_no_other_key() {
    let doc = document();
    let known: BTreeSet<String> = keys_read()
        .into_iter()
        .chain(RENAMED.iter().map(|(old, _)| *old))
        .map(str::to_owned)
        .chain(doc.not_read.iter().cloned())
        .collect();
    let unknown: Vec<_> = doc.mentioned.difference(&known).collect();
    assert!(
        unknown.is_empty(),
        "docs/configuration.md names keys that are neither read nor renamed: {unknown:?}"
    );
}

#[test]
fn the_parser_sees_every_kind_of_row() {
    let doc = parse(
        "## Server\n| key | default |\n|---|---|\n| `A_KEY`, `B_KEY` | x |\n\
         ## Tests\n| `T_KEY` | x |\n## Deprecated names\n| `NEW_KEY` | `OLD_KEY` |\nsee `C_KEY`\n",
    );
    assert_eq!(doc.read, BTreeSet::from(["A_KEY".into(), "B_KEY".into()]));
    assert_eq!(doc.not_read, BTreeSet::from(["T_KEY".into()]));
    assert_eq!(
        doc.renamed,
        BTreeSet::from([("OLD_KEY".into(), "NEW_KEY".into())])
    );
    assert!(doc.mentioned.contains("C_KEY") && doc.mentioned.contains("OLD_KEY"));
}
