//! The local piece stock, seeded from the shipped inventory (`domain::inventory`) on first start.
//! After that the `piece_stock` table is the stock: operators change capacities there.

use domain::{ProxyKind, inventory};
use persistence::pieces::{self, NewStock};
use persistence::{DbConnection, DbResult};

/// Inserts the shipped inventory when the stock table is empty; returns the rows inserted.
pub fn seed_local_stock(conn: &mut DbConnection) -> DbResult<usize> {
    if pieces::count_stock(conn)? > 0 {
        return Ok(0);
    }
    let mut inserted = 0;
    for kind in ProxyKind::ALL.into_iter().filter(|k| !k.is_traffic()) {
        for item in inventory::items(kind) {
            pieces::insert_stock(
                conn,
                &NewStock {
                    kind,
                    code: &item.code,
                    country: &item.country,
                    isp: item.isp.as_deref(),
                    isp_name: item.isp_name.as_deref(),
                    city: item.city.as_deref(),
                    conn_type: item.conn_type.as_deref(),
                    ip: None,
                    capacity: item.capacity,
                },
            )?;
            inserted += 1;
        }
    }
    Ok(inserted)
}
