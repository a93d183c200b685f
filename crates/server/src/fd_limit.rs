//! The process's open-file limit (RLIMIT_NOFILE): raised at start from the soft limit to the hard
//! one (a service manager's soft default, often 1024, is too few for a proxy), and the gateway's
//! share of it: the limit less `PROXYSHOP_GATEWAY_FD_RESERVE`, kept for the API, the database pools
//! and the metrics page (docs/operations.md, "File descriptors").

/// The soft limit now, after raising it to the hard limit where it was lower; logged once.
/// None where the limit cannot be read (not Linux) or is unlimited.
pub fn raise() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let Rlimit { current, maximum } = getrlimit(Resource::Nofile);
        if let (Some(soft), Some(hard)) = (current, maximum)
            && soft < hard
        {
            let raised = Rlimit {
                current: Some(hard),
                maximum: Some(hard),
            };
            match setrlimit(Resource::Nofile, raised) {
                Ok(()) => tracing::info!(
                    from = soft,
                    to = hard,
                    "open-file limit (RLIMIT_NOFILE) raised to the hard limit"
                ),
                Err(e) => tracing::warn!(error = %e, soft, hard,
                    "cannot raise the open-file limit (RLIMIT_NOFILE) to the hard limit"),
            }
        } else {
            tracing::info!(soft = ?current, hard = ?maximum, "open-file limit (RLIMIT_NOFILE)");
        }
        getrlimit(Resource::Nofile).current
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// The descriptors the gateway may hold under `limit` (None: no limit known) keeping
/// `reserve` for the rest of the process; a reserve above half the limit is cut to half
/// (a small limit is shared evenly). Returns the budget and the reserve used.
pub fn gateway_budget(limit: Option<u64>, reserve: usize) -> (usize, usize) {
    let Some(limit) = limit.and_then(|l| usize::try_from(l).ok()) else {
        return (usize::MAX, reserve);
    };
    let reserve = reserve.min(limit / 2);
    (limit - reserve, reserve)
}

#[cfg(test)]
mod tests {
    use super::gateway_budget;

    #[test]
    fn the_gateway_gets_the_limit_less_the_reserve_and_never_less_than_half() {
        assert_eq!(gateway_budget(Some(20_000), 1024), (18_976, 1024));
        assert_eq!(gateway_budget(Some(1024), 1024), (512, 512));
        assert_eq!(gateway_budget(Some(0), 1024), (0, 0));
        assert_eq!(gateway_budget(None, 1024), (usize::MAX, 1024));
    }
}
