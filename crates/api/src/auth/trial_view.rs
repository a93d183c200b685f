//! The free trial as the customer is told about it: on the dashboard (`GET /api/user/get_starts`)
//! and in the answer to `POST /api/register`. A customer whose payment was ever credited is past
//! the trial and is told nothing; so is an account the shop offered no trial to.

use crate::settings::TRIAL_VALIDITY_SECS;
use persistence::trial_networks::AccountTrial;
use persistence::trials::Claim;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TrialState {
    /// The trial's traffic is valid until `endsAt`.
    Active,
    /// The trial ended at `endsAt`.
    Ended,
    /// The account got no trial (`reason`).
    Refused,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TrialRefusal {
    /// The mailbox had a trial before (one per mailbox, `+tags` and Gmail dots ignored).
    Mailbox,
    /// The sign-up's network had its trials for the day.
    Network,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TrialView {
    pub state: TrialState,
    /// When the trial's traffic stops being valid (unix seconds); null for `refused`.
    #[serde(rename = "endsAt")]
    pub ends_at: Option<i64>,
    /// Why there was no trial; null unless `refused`.
    pub reason: Option<TrialRefusal>,
}

impl TrialView {
    fn granted(granted_at: i64, now: i64) -> Self {
        let ends_at = granted_at + TRIAL_VALIDITY_SECS;
        TrialView {
            state: if ends_at > now {
                TrialState::Active
            } else {
                TrialState::Ended
            },
            ends_at: Some(ends_at),
            reason: None,
        }
    }

    fn refused(reason: TrialRefusal) -> Self {
        TrialView {
            state: TrialState::Refused,
            ends_at: None,
            reason: Some(reason),
        }
    }

    /// What a sign-up's claim came to, at `now` (the time of the claim).
    pub fn of_claim(claim: Option<Claim>, now: i64) -> Option<Self> {
        match claim? {
            Claim::Granted => Some(Self::granted(now, now)),
            Claim::AlreadyHad => Some(Self::refused(TrialRefusal::Mailbox)),
            Claim::NetworkLimit => Some(Self::refused(TrialRefusal::Network)),
        }
    }

    /// An account's trial as recorded, at `now`.
    pub fn of_account(trial: &AccountTrial, now: i64) -> Option<Self> {
        if trial.paid {
            return None;
        }
        if let Some(at) = trial.granted_at {
            return Some(Self::granted(at, now));
        }
        match trial.refused.as_deref()? {
            "mailbox" => Some(Self::refused(TrialRefusal::Mailbox)),
            "network" => Some(Self::refused(TrialRefusal::Network)),
            _ => None,
        }
    }
}
