use super::*;

/// The idle timeout for the descriptors held now (none leaving).
fn idle_timeout(fds: &Descriptors, idle: Duration) -> Duration {
    fds.idle_timeout_at(idle, fds.held())
}

#[test]
fn the_budget_is_never_passed_and_dropping_gives_back() {
    let fds = Descriptors::new(3);
    let one = fds.take(1).unwrap();
    let two = fds.take(2).unwrap();
    assert!(fds.take(1).is_none(), "the budget is held");
    assert_eq!(fds.held(), 3);
    drop(two);
    assert_eq!(fds.held(), 1);
    let again = fds.take(2).unwrap();
    assert!(fds.take(1).is_none());
    drop((one, again));
    assert_eq!(fds.held(), 0);
    assert!(Descriptors::new(usize::MAX).take(usize::MAX).is_some());
}

#[test]
fn the_idle_timeout_shortens_as_the_budget_fills() {
    // High-water mark 90, half of it 45.
    let fds = Descriptors::new(100).idle_when_crowded(Duration::from_secs(30));
    let idle = Duration::from_secs(300);
    let held = fds.take(45).unwrap();
    assert_eq!(idle_timeout(&fds, idle), idle);
    let more = fds.take(23).unwrap();
    let between = idle_timeout(&fds, idle);
    assert!(
        between < idle && between > Duration::from_secs(30),
        "{between:?}"
    );
    let full = fds.take(22).unwrap();
    assert_eq!(idle_timeout(&fds, idle), Duration::from_secs(30));
    assert_eq!(
        idle_timeout(&fds, Duration::from_secs(5)),
        Duration::from_secs(5)
    );
    drop((held, more, full));
    assert_eq!(idle_timeout(&fds, idle), idle);
    let unlimited = Descriptors::new(usize::MAX).idle_when_crowded(Duration::from_secs(1));
    assert_eq!(idle_timeout(&unlimited, idle), idle);
}

#[test]
fn of_tunnels_timing_out_together_only_as_many_close_as_the_budget_needs() {
    // High-water mark 96; 48 idle tunnels of two descriptors reach it: the crowded timeout.
    let fds = Descriptors::new(106).idle_when_crowded(Duration::from_millis(100));
    let idle = Duration::from_secs(60);
    let others = fds.take(94).unwrap();
    let first_sockets = fds.take(2).unwrap();
    let since = tokio::time::Instant::now();
    let now = since + Duration::from_millis(150);
    let first = fds.timed_out(idle, false, since, now).unwrap();
    assert!(first.is_some(), "crowding shortened the timeout");
    // The second sees the first's descriptors as given back: below the mark, its timeout
    // is long again.
    let deadline = fds.timed_out(idle, false, since, now).unwrap_err();
    assert!(deadline > since + Duration::from_secs(1), "{deadline:?}");
    // Once the first has gone (descriptors and claim), the budget is as the second saw it.
    drop((first_sockets, first));
    assert!(fds.timed_out(idle, false, since, now).is_err());
    // A timeout crowding did not shorten takes no claim.
    drop(others);
    let later = since + idle;
    assert!(fds.timed_out(idle, false, since, later).unwrap().is_none());
    assert!(
        fds.timed_out(idle, true, since, now).is_err(),
        "no half-closed timeout configured"
    );
    let half = Descriptors::new(106).idle_when_half_closed(Duration::from_millis(100));
    assert!(half.timed_out(idle, true, since, now).unwrap().is_none());
}

#[test]
fn a_repeated_event_is_logged_once_a_minute_with_the_count_in_between() {
    let mut log = Throttled::default();
    let start = Instant::now();
    assert_eq!(log.occurred(start), Some(0));
    for i in 1..=5 {
        assert_eq!(log.occurred(start + Duration::from_secs(i)), None);
    }
    assert_eq!(log.occurred(start + LOG_EVERY), Some(5));
    assert_eq!(
        log.occurred(start + LOG_EVERY + Duration::from_secs(1)),
        None
    );
}
