//! A proxy as the kernel sees it: the process and every process below it (squid and dante fork
//! workers), its CPU time from /proc/<pid>/stat (user + system, with the children it already
//! reaped) and its resident memory from /proc/<pid>/status, summed over the tree.

use std::collections::HashMap;

/// The root and its descendants alive now.
fn tree(root: u32) -> Vec<u32> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if let Some(ppid) = stat_fields(pid).and_then(|f| f.get(1)?.parse().ok()) {
            children.entry(ppid).or_default().push(pid);
        }
    }
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() {
        if let Some(kids) = children.get(&out[i]) {
            out.extend(kids);
        }
        i += 1;
    }
    out
}

/// The fields after the command (which may hold spaces): state, ppid, ...
fn stat_fields(pid: u32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    Some(rest.split_whitespace().map(str::to_owned).collect())
}

/// CPU ticks (USER_HZ) of the tree: utime, stime, cutime and cstime of each live process (a
/// reaped child's time is in its parent's cutime/cstime, so nothing is counted twice).
pub fn ticks(root: u32) -> u64 {
    let (user, system) = times(root);
    user + system
}

/// CPU ticks of the tree as `ticks` counts them, apart: (user, system).
pub fn times(root: u32) -> (u64, u64) {
    tree(root)
        .into_iter()
        .filter_map(stat_fields)
        .map(|f| {
            let field = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
            (field(11) + field(13), field(12) + field(14))
        })
        .fold((0, 0), |(u, s), (du, ds)| (u + du, s + ds))
}

/// Resident set size of the tree, in bytes (shared pages counted once per process).
pub fn rss(root: u32) -> u64 {
    tree(root)
        .into_iter()
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kb * 1024)
        })
        .sum()
}
