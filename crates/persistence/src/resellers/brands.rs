//! A reseller's white label: one `reseller_brands` row (docs/resellers.md "White label"), read by
//! the reseller, by its clients' dashboard, by the public sign-in page at `/r/{slug}` and when a
//! client's lines are generated (`proxy_host`).

use crate::connection::DbConnection;
use crate::error::{DbError, DbResult};
use crate::now;
use crate::schema::{reseller_brands, users};
use diesel::prelude::*;
use domain::UserId;
use domain::reseller_brand::Brand;

/// A brand without its logo's bytes.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = reseller_brands)]
pub struct BrandRow {
    pub reseller_id: UserId,
    pub slug: String,
    pub name: String,
    pub colour: String,
    pub support_email: Option<String>,
    pub support_url: Option<String>,
    pub proxy_host: Option<String>,
    /// Changes with each logo (its address carries it, so that caches see a new one).
    pub logo_version: i64,
    #[diesel(select_expression = reseller_brands::logo.is_not_null())]
    #[diesel(select_expression_type = diesel::dsl::IsNotNull<reseller_brands::logo>)]
    pub has_logo: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Why a brand was not saved.
#[derive(Debug)]
pub enum SaveError {
    /// Another reseller's brand has this slug.
    SlugTaken,
    Db(DbError),
}

impl From<DbError> for SaveError {
    fn from(e: DbError) -> Self {
        SaveError::Db(e)
    }
}

impl From<diesel::result::Error> for SaveError {
    fn from(e: diesel::result::Error) -> Self {
        SaveError::Db(e.into())
    }
}

/// The reseller's own brand.
pub fn of_reseller(conn: &mut DbConnection, reseller: UserId) -> DbResult<Option<BrandRow>> {
    Ok(reseller_brands::table
        .find(reseller)
        .select(BrandRow::as_select())
        .first(conn)
        .optional()?)
}

/// The brand at `/r/{slug}`.
pub fn by_slug(conn: &mut DbConnection, slug: &str) -> DbResult<Option<BrandRow>> {
    Ok(reseller_brands::table
        .filter(reseller_brands::slug.eq(slug))
        .select(BrandRow::as_select())
        .first(conn)
        .optional()?)
}

/// The brand a client sees: its reseller's; None for anyone else.
pub fn of_client(conn: &mut DbConnection, client: UserId) -> DbResult<Option<BrandRow>> {
    Ok(users::table
        .find(client)
        .inner_join(
            reseller_brands::table
                .on(users::reseller_id.eq(reseller_brands::reseller_id.nullable())),
        )
        .select(BrandRow::as_select())
        .first(conn)
        .optional()?)
}

/// The host name a client's lines name instead of the shop's: its reseller's `proxy_host`.
pub fn client_proxy_host(conn: &mut DbConnection, client: UserId) -> DbResult<Option<String>> {
    Ok(of_client(conn, client)?.and_then(|b| b.proxy_host))
}

/// The logo's PNG at `/r/{slug}`'s brand, when it has one.
pub fn logo(conn: &mut DbConnection, slug: &str) -> DbResult<Option<Vec<u8>>> {
    Ok(reseller_brands::table
        .filter(reseller_brands::slug.eq(slug))
        .select(reseller_brands::logo)
        .first::<Option<Vec<u8>>>(conn)
        .optional()?
        .flatten())
}

/// Saves the reseller's brand (made on the first call), its logo untouched. A slug another
/// brand holds is `SlugTaken` (the unique index decides, so two resellers saving one slug at
/// once cannot both get it).
pub fn save(
    conn: &mut DbConnection,
    reseller: UserId,
    brand: &Brand,
) -> Result<BrandRow, SaveError> {
    let t = now();
    // A savepoint: a refused write leaves the caller's transaction usable on PostgreSQL.
    let written = conn.transaction(|c| {
        let updated = diesel::update(reseller_brands::table.find(reseller))
            .set((
                reseller_brands::slug.eq(&brand.slug),
                reseller_brands::name.eq(&brand.name),
                reseller_brands::colour.eq(&brand.colour),
                reseller_brands::support_email.eq(&brand.support_email),
                reseller_brands::support_url.eq(&brand.support_url),
                reseller_brands::proxy_host.eq(&brand.proxy_host),
                reseller_brands::updated_at.eq(t),
            ))
            .execute(c)?;
        if updated == 0 {
            diesel::insert_into(reseller_brands::table)
                .values((
                    reseller_brands::reseller_id.eq(reseller),
                    reseller_brands::slug.eq(&brand.slug),
                    reseller_brands::name.eq(&brand.name),
                    reseller_brands::colour.eq(&brand.colour),
                    reseller_brands::support_email.eq(&brand.support_email),
                    reseller_brands::support_url.eq(&brand.support_url),
                    reseller_brands::proxy_host.eq(&brand.proxy_host),
                    reseller_brands::created_at.eq(t),
                    reseller_brands::updated_at.eq(t),
                ))
                .execute(c)?;
        }
        Ok::<_, diesel::result::Error>(())
    });
    match written.map_err(DbError::from) {
        Ok(()) => {}
        Err(DbError::UniqueViolation(_)) => {
            let holder = by_slug(conn, &brand.slug)?.map(|b| b.reseller_id);
            if holder.is_some_and(|h| h != reseller) {
                return Err(SaveError::SlugTaken);
            }
            // Our own first save raced another of ours: the row exists now.
            return save(conn, reseller, brand);
        }
        Err(e) => return Err(e.into()),
    }
    Ok(of_reseller(conn, reseller)?.ok_or(DbError::Query(diesel::result::Error::NotFound))?)
}

/// Sets (Some) or removes (None) the brand's logo; None when the reseller has no brand yet.
pub fn set_logo(
    conn: &mut DbConnection,
    reseller: UserId,
    png: Option<&[u8]>,
) -> DbResult<Option<BrandRow>> {
    diesel::update(reseller_brands::table.find(reseller))
        .set((
            reseller_brands::logo.eq(png),
            reseller_brands::logo_version.eq(reseller_brands::logo_version + 1),
            reseller_brands::updated_at.eq(now()),
        ))
        .execute(conn)?;
    of_reseller(conn, reseller)
}
