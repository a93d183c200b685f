//! How the roles are told to stop: their parent closes their stdin.

use std::io::Read;

/// Blocks until the parent closes our stdin (how the roles are told to stop).
pub fn wait_for_stdin_eof() {
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
}
