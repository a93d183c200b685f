//! The public status page's measurements and the SLA credits (docs/status.md): the components
//! shown (`components`), the per-minute probe that counts each component's minute up or down
//! (`probe`, the `status_minutes` job), and the monthly credits for a kind whose availability
//! fell below the promise (`sla`, the `sla_credits` job and `proxyshop jobs run sla-credits`).

pub mod components;
pub mod probe;
pub mod sla;

pub use components::{Component, Path, components};
pub use probe::{StatusSettings, measure_minute};
