//! Every metric the code records is in the tables of docs/operations.md ("Metrics"), and every
//! metric listed there is recorded somewhere: an operator's dashboards and alerts are built
//! from that page.

use std::collections::BTreeSet;
use std::path::Path;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The `proxyshop_*` names that start a string literal right after a `metrics::` macro.
fn recorded(dir: &Path, names: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            recorded(&path, names);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for (at, _) in text.match_indices("metrics::") {
                let rest = &text[at..];
                let Some(open) = rest.find('(') else { continue };
                let macro_name = &rest["metrics::".len()..open];
                if !["counter!", "gauge!", "histogram!"].contains(&macro_name) {
                    continue;
                }
                let args = rest[open + 1..].trim_start();
                if let Some(literal) = args.strip_prefix('"') {
                    let name: String = literal.chars().take_while(|&c| c != '"').collect();
                    names.insert(name);
                }
            }
        }
    }
}

fn documented() -> BTreeSet<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/docs/operations.md")).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("| `proxyshop_"))
        .filter_map(|rest| rest.split(" |").next())
        .flat_map(|cell| {
            format!("`proxyshop_{cell}")
                .split(',')
                .map(|k| k.trim().trim_matches('`').to_owned())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_metrics_recorded_are_the_metrics_documented() {
    let mut names = BTreeSet::new();
    for krate in std::fs::read_dir(format!("{ROOT}/crates")).unwrap() {
        let src = krate.unwrap().path().join("src");
        if src.is_dir() {
            recorded(&src, &mut names);
        }
    }
    assert!(
        names.contains("proxyshop_http_requests_total"),
        "the scan finds the request counter: {names:?}"
    );
    let documented = documented();
    let undocumented: Vec<_> = names.difference(&documented).collect();
    let unrecorded: Vec<_> = documented.difference(&names).collect();
    assert!(
        undocumented.is_empty(),
        "recorded but not in docs/operations.md: {undocumented:?}"
    );
    assert!(
        unrecorded.is_empty(),
        "in docs/operations.md but never recorded: {unrecorded:?}"
    );
}
