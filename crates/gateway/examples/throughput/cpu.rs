//! Where the CPU goes during a transfer (Linux /proc, in USER_HZ = 100 ticks): the whole
//! machine's busy time (softirq included, and anything else running) and each role process's
//! user + system time (threads that already exited included).

/// Ticks: the machine's busy time, then one entry per watched process.
pub fn sample(pids: &[u32]) -> Vec<u64> {
    let mut out = vec![machine_busy()];
    out.extend(pids.iter().map(|&pid| process_time(pid)));
    out
}

pub const TICKS_PER_SECOND: f64 = 100.0;

fn machine_busy() -> u64 {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let fields: Vec<u64> = stat
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal guest guest_nice; guests are in user.
    let total: u64 = fields.iter().take(8).sum();
    let idle = fields.get(3).copied().unwrap_or(0) + fields.get(4).copied().unwrap_or(0);
    total - idle
}

fn process_time(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command may contain spaces: fields are counted after its closing parenthesis.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    fields.iter().sum()
}
