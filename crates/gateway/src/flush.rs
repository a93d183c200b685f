//! The steps of a flush (`Registry::flush` runs them): take the counts (and the leased bytes
//! to give back) out of the meters, settle them (`store::write`), apply what the database
//! says of the balances, end the pieces that ended there.

use crate::lease::Live;
use crate::meter::Meter;
use crate::store::{Asked, Fresh};
use domain::{ProxyKind, UserId};
use persistence::gateway_leases::Settlement;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// What one flush took out of the meters, and whom it asks the database about.
#[derive(Debug)]
pub(crate) struct Batch {
    /// Each meter with the bytes it moved and the leased bytes it gives back, both put back
    /// if the write fails.
    taken: Vec<(Arc<Meter>, i64, i64)>,
    /// Whom to ask about.
    pub(crate) asked: Asked,
}

impl Batch {
    /// The rows to write.
    pub(crate) fn counts(&self) -> Vec<Settlement> {
        self.taken
            .iter()
            .map(|(m, bytes, returned)| Settlement {
                key: m.key(),
                leased: m.limited,
                moved: *bytes,
                returned: *returned,
            })
            .collect()
    }

    /// Puts the counts back into their meters after a failed write.
    pub(crate) fn give_back(self) {
        for (meter, n, returned) in self.taken {
            meter.restore_pending(n);
            meter.restore_unreserved(returned);
        }
    }
}

/// Takes every meter's pending bytes (its limit drops by as much, so what remains does not
/// change) and the unreserved bytes of the leases to give back: all of them for a meter
/// without connections or when `last` (the node stops), else only where a flush asked for it.
/// Lists whom to ask about.
pub(crate) fn take_counts(live: &Live, last: bool) -> Batch {
    let taken = live
        .meters
        .values()
        .filter_map(|entry| {
            let n = entry.meter.take_pending();
            let returned = entry.meter.take_unreserved(last || entry.connections == 0);
            (n > 0 || returned > 0).then(|| (entry.meter.clone(), n, returned))
        })
        .collect();
    let mut users: Vec<UserId> = live
        .meters
        .iter()
        .filter(|(_, e)| e.meter.limited)
        .map(|(key, _)| key.user_id)
        .collect();
    users.sort_unstable();
    users.dedup();
    let subusers = live.meters.keys().filter_map(|key| key.subuser).collect();
    let pieces = live
        .pieces
        .iter()
        .filter(|(_, slot)| slot.ended_at.is_none())
        .map(|(id, _)| *id)
        .collect();
    Batch {
        taken,
        asked: Asked {
            users,
            pieces,
            subusers,
        },
    }
}

/// Tells each traffic meter what its balance holds: a disabled owner or expired traffic cuts
/// the meter's connections (and a disabled owner is refused here for a while whatever a cache
/// says); traffic bought meanwhile lets a dry meter lease again. A meter whose lease the
/// database no longer holds drops it.
pub(crate) fn apply_balances(live: &mut Live, fresh: &Fresh) {
    let at = Instant::now();
    for id in &fresh.disabled {
        live.disabled.entry(*id).or_insert(at);
    }
    // The unreserved bytes of each balance's meters here: the part of the others' a meter could
    // be handed (`DbLeases`).
    let mut unreserved: HashMap<(UserId, ProxyKind), i64> = HashMap::new();
    for (key, entry) in &live.meters {
        *unreserved.entry((key.user_id, key.kind)).or_default() += entry.meter.unreserved();
    }
    for (key, entry) in &live.meters {
        if entry.meter.limited {
            let all = unreserved
                .get(&(key.user_id, key.kind))
                .copied()
                .unwrap_or(0);
            let spare = (all - entry.meter.unreserved()).max(0);
            if fresh.lost.contains(key) {
                tracing::warn!(user = %key.user_id, kind = %key.kind, "gateway lease expired while held; dropped");
                entry.meter.lose_lease();
            }
            let (left, usable) = fresh.balance(*key, spare);
            entry.meter.apply_balance(left, usable);
        }
    }
}

/// Ends the `watched` pieces that were released, deleted or whose owner was disabled, and cuts
/// those whose holder (a reseller's client) is; the others take their expiry from the database
/// (it may have been extended).
pub(crate) fn end_pieces(live: &mut Live, watched: &[i64], fresh: &Fresh) {
    for id in watched {
        let Some(slot) = live.pieces.get_mut(id) else {
            continue;
        };
        match fresh.live_piece(*id) {
            Some(piece) => {
                slot.expires_at = piece.expires_at;
                // A suspended holder (a reseller's client) is cut, not ended: resumed, its
                // piece works again at once. The event cut it already; this is the backstop.
                if piece.holder_disabled {
                    slot.cut();
                }
            }
            None => slot.end(),
        }
    }
}
