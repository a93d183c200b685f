//! What the status page lists: the website and API, each traffic kind's gateway service, and
//! each active upstream pool under a public name ("Residential route 2"), never its provider's
//! name or host.

use domain::ProxyKind;
use persistence::upstream_pools::PoolRow;

/// What a component's minute is measured through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// The API and its database.
    Web,
    /// The gateway's listener and credential check, and the kind's real connections.
    Gateway(ProxyKind),
    /// The pool (its id): the pool probe's last outcome and its real connects.
    Pool(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// Stable: `web`, `gateway-premium`, `pool-7`.
    pub id: String,
    pub name: String,
    pub path: Path,
}

/// The component id of the kind's gateway service.
pub fn gateway_id(kind: ProxyKind) -> String {
    format!("gateway-{}", kind.as_str())
}

/// The components, in the page's order, for the pools `pools` (inactive ones are left out).
pub fn components(pools: &[PoolRow]) -> Vec<Component> {
    let mut list = vec![Component {
        id: "web".to_owned(),
        name: "Website and API".to_owned(),
        path: Path::Web,
    }];
    list.extend(
        ProxyKind::ALL
            .into_iter()
            .filter(|k| k.is_traffic())
            .map(|kind| Component {
                id: gateway_id(kind),
                name: format!("{} gateway", kind.label()),
                path: Path::Gateway(kind),
            }),
    );
    let mut active: Vec<&PoolRow> = pools.iter().filter(|p| p.active).collect();
    active.sort_by_key(|p| p.id);
    list.extend(active.into_iter().enumerate().map(|(n, pool)| Component {
        id: format!("pool-{}", pool.id),
        name: format!("Residential route {}", n + 1),
        path: Path::Pool(pool.id),
    }));
    list
}
