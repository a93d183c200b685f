//! The steps of a flush (`Registry::flush` runs them): take the counts out of the meters,
//! write them (`store::write`), apply the limits the database gives back, end the pieces that
//! ended there.

use crate::lease::Live;
use crate::meter::Meter;
use crate::store::{Count, Fresh};
use domain::UserId;
use std::sync::Arc;
use std::time::Instant;

/// What one flush took out of the meters, and whom it asks the database about.
#[derive(Debug)]
pub(crate) struct Batch {
    /// Each meter with what was taken out of it, given back if the write fails.
    taken: Vec<(Arc<Meter>, i64)>,
    /// Owners of traffic meters: their balances and whether they are disabled.
    pub(crate) users: Vec<UserId>,
    /// Pieces in use that have not ended: whether they still serve, and until when.
    pub(crate) pieces: Vec<i64>,
}

impl Batch {
    /// Nothing to write and nobody to ask about.
    pub(crate) fn is_empty(&self) -> bool {
        self.taken.is_empty() && self.users.is_empty() && self.pieces.is_empty()
    }

    /// The rows to write.
    pub(crate) fn counts(&self) -> Vec<Count> {
        self.taken
            .iter()
            .map(|(m, bytes)| Count {
                user_id: m.user_id,
                kind: m.kind,
                limited: m.limited,
                bytes: *bytes,
            })
            .collect()
    }

    /// Puts the counts back into their meters after a failed write.
    pub(crate) fn give_back(self) {
        for (meter, n) in self.taken {
            meter.restore_pending(n);
        }
    }
}

/// Takes every meter's pending bytes (its limit drops by as much, so what remains does not
/// change) and lists whom to ask about.
pub(crate) fn take_counts(live: &Live) -> Batch {
    let taken = live
        .meters
        .values()
        .filter_map(|entry| {
            let n = entry.meter.take_pending();
            (n > 0).then(|| (entry.meter.clone(), n))
        })
        .collect();
    let mut users: Vec<UserId> = live
        .meters
        .iter()
        .filter(|(_, e)| e.meter.limited)
        .map(|(key, _)| key.0)
        .collect();
    users.sort_unstable();
    users.dedup();
    let pieces = live
        .pieces
        .iter()
        .filter(|(_, slot)| slot.ended_at.is_none())
        .map(|(id, _)| *id)
        .collect();
    Batch {
        taken,
        users,
        pieces,
    }
}

/// Sets each traffic meter's limit to what its owner has left. A disabled owner has nothing
/// left, so their connections are cut now, and they are refused here for a while whatever a
/// cache says.
pub(crate) fn apply_limits(live: &mut Live, fresh: &Fresh) {
    let at = Instant::now();
    for id in &fresh.disabled {
        live.disabled.entry(*id).or_insert(at);
    }
    for (&(user_id, kind), entry) in &live.meters {
        if entry.meter.limited {
            entry.meter.set_limit(fresh.remaining(user_id, kind));
        }
    }
}

/// Ends the `watched` pieces that were released, deleted or whose owner was disabled; the
/// others take their expiry from the database (it may have been extended).
pub(crate) fn end_pieces(live: &mut Live, watched: &[i64], fresh: &Fresh) {
    for id in watched {
        let Some(slot) = live.pieces.get_mut(id) else {
            continue;
        };
        match fresh.live_piece(*id) {
            Some(piece) => slot.expires_at = piece.expires_at,
            None => slot.end(),
        }
    }
}
