//! The category files of blocked destinations (`PROXYSHOP_BLOCKLIST_FILES`) as the acceptable
//! use page and the console state them: each file is a category named after the file, with the
//! number of patterns it holds. The gateway reads the same files itself (`gateway::blocklist`).

use domain::blocklist::read_category;
use std::path::{Path, PathBuf};

/// One category file, as read now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// The file's name without its extension (`government.txt`: `government`).
    pub name: String,
    /// Patterns it holds (lines that are no pattern are not counted).
    pub patterns: usize,
    /// Whether the file could be read (a missing file blocks nothing).
    pub readable: bool,
}

fn name_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Reads every file on tokio's blocking pool.
pub async fn categories(files: &[PathBuf]) -> Vec<Category> {
    let files = files.to_vec();
    tokio::task::spawn_blocking(move || {
        files
            .iter()
            .map(|path| match std::fs::read_to_string(path) {
                Ok(text) => Category {
                    name: name_of(path),
                    patterns: read_category(&text).0.len(),
                    readable: true,
                },
                Err(_) => Category {
                    name: name_of(path),
                    patterns: 0,
                    readable: false,
                },
            })
            .collect()
    })
    .await
    .unwrap_or_default()
}
