//! A customer's requests per second of a kind across the gateway fleet: their plan's
//! `maxRequestsPerSecond` (`persistence::plan_limits`). A request is a connection opened (the
//! HTTP proxy forwards one request per connection). Each second of the nodes' clocks is a window
//! of the budget in `rate_windows` (`persistence::rate_windows::take`): a node takes a block of
//! it (the cap shared by the expected nodes, at least one) and spends it here without the
//! database, takes another when the block is spent (one take at a time per key, `Turns`), and
//! once the fleet has spent the second's budget refuses the rest of that second without asking
//! again. The windows are whole seconds (the nodes' clocks kept in step, as by NTP): a customer
//! opens at most the cap in each second, so at most twice it in a second that straddles two.

use crate::open_error::OpenError;
use crate::store::{self, Node};
use crate::turns::Turns;
use domain::{ProxyKind, UserId};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// How many times a request takes a block before it is refused: each take grants at least one
/// unless the fleet's budget is spent, but other requests on this node may spend it first.
const RATE_TAKES: usize = 3;

/// Whose requests: a customer's of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RateKey {
    pub(crate) user_id: UserId,
    pub(crate) kind: ProxyKind,
}

impl RateKey {
    /// The key of its windows in `rate_windows`.
    fn name(self) -> String {
        format!("gw:rps:{}:{}", self.kind.as_str(), self.user_id.get())
    }
}

/// This node's part of a key's current second.
#[derive(Debug, Default, PartialEq, Eq)]
struct Window {
    second: i64,
    /// Requests taken from the fleet's budget of the second.
    granted: i64,
    /// Requests served of them.
    used: i64,
    /// The fleet's budget of the second is spent: refuse without asking again.
    full: bool,
}

/// What a request finds in its key's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spend {
    /// It has spent one of the node's block.
    Spent,
    /// The block is spent: take another.
    Take,
    /// The fleet's budget of the second is spent: refuse.
    Full,
}

/// The windows of the keys in use on this node.
#[derive(Debug, Default)]
pub(crate) struct Rates {
    windows: Mutex<HashMap<RateKey, Window>>,
    turns: Turns<RateKey>,
}

/// Requests a take asks for: the cap shared by the expected nodes, at least one (the database
/// grants at most what the second has left).
fn block(cap: i32, expected_nodes: u32) -> i32 {
    (cap / i32::try_from(expected_nodes.max(1)).unwrap_or(i32::MAX)).max(1)
}

impl Rates {
    fn windows(&self) -> MutexGuard<'_, HashMap<RateKey, Window>> {
        self.windows.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Spends one request of `key` in `second` if the node holds one.
    fn spend(&self, key: RateKey, second: i64) -> Spend {
        let mut windows = self.windows();
        let window = windows.entry(key).or_default();
        // Only forward: a request that saw an earlier second spends of the current one.
        if second > window.second {
            *window = Window {
                second,
                ..Window::default()
            };
        }
        if window.used < window.granted {
            window.used += 1;
            Spend::Spent
        } else if window.full {
            Spend::Full
        } else {
            Spend::Take
        }
    }

    /// Adds what a take of `second` got (none: the fleet's budget is spent); a take that ends
    /// after its second counts for nothing here.
    fn granted(&self, key: RateKey, second: i64, granted: i32) {
        let mut windows = self.windows();
        if let Some(window) = windows.get_mut(&key)
            && window.second == second
        {
            window.granted += i64::from(granted);
            window.full = granted == 0;
        }
    }

    /// Admits one request of `key` under `cap` requests per second across the fleet, taking a
    /// block of the second's budget from the database when this node's is spent; `PlanRate`
    /// once the fleet has spent it.
    pub(crate) async fn admit(
        &self,
        node: &Node,
        key: RateKey,
        cap: usize,
    ) -> Result<(), OpenError> {
        let cap = i32::try_from(cap).unwrap_or(i32::MAX);
        for _ in 0..RATE_TAKES {
            let second = persistence::now();
            match self.spend(key, second) {
                Spend::Spent => return Ok(()),
                Spend::Full => return Err(OpenError::PlanRate),
                Spend::Take => {}
            }
            let found = self
                .turns
                .take(key, async || {
                    // The take before this one (another request's) may have left some; the
                    // second may have turned while this one waited.
                    let second = persistence::now();
                    let found = self.spend(key, second);
                    if found != Spend::Take {
                        return Ok(found);
                    }
                    let want = block(cap, node.slot_rule.expected_nodes);
                    let granted = store::take_rate(node, key.name(), cap, want, second).await?;
                    // recorded before the turn passes on, so the next one sees it
                    self.granted(key, second, granted);
                    Ok::<_, OpenError>(Spend::Take)
                })
                .await?;
            match found {
                Spend::Spent => return Ok(()),
                Spend::Full => return Err(OpenError::PlanRate),
                Spend::Take => {}
            }
        }
        Err(OpenError::PlanRate)
    }

    /// Forgets the windows of seconds before `second` (at each flush).
    pub(crate) fn forget_before(&self, second: i64) {
        self.windows().retain(|_, window| window.second >= second);
    }
}

#[cfg(test)]
mod tests {
    use super::{RateKey, Rates, Spend, block};
    use domain::{ProxyKind, UserId};

    const KEY: RateKey = RateKey {
        user_id: UserId::new(7),
        kind: ProxyKind::Premium,
    };

    #[test]
    fn a_block_is_the_cap_shared_by_the_nodes_and_at_least_one() {
        assert_eq!(block(100, 1), 100);
        assert_eq!(block(100, 3), 33);
        assert_eq!(block(2, 4), 1);
        assert_eq!(block(5, 0), 5);
    }

    #[test]
    fn a_block_is_spent_then_taken_again_and_a_spent_budget_refuses_until_the_next_second() {
        let rates = Rates::default();
        assert_eq!(rates.spend(KEY, 10), Spend::Take);
        rates.granted(KEY, 10, 2);
        assert_eq!(rates.spend(KEY, 10), Spend::Spent);
        assert_eq!(rates.spend(KEY, 10), Spend::Spent);
        assert_eq!(rates.spend(KEY, 10), Spend::Take);
        rates.granted(KEY, 10, 0);
        assert_eq!(rates.spend(KEY, 10), Spend::Full);
        // A take of an earlier second adds nothing to this one.
        assert_eq!(rates.spend(KEY, 11), Spend::Take);
        rates.granted(KEY, 10, 5);
        assert_eq!(rates.spend(KEY, 11), Spend::Take);
        rates.granted(KEY, 11, 1);
        assert_eq!(rates.spend(KEY, 11), Spend::Spent);
        rates.forget_before(12);
        assert!(rates.windows().is_empty());
    }
}
