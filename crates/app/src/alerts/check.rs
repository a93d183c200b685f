//! The alerts check (the `alerts` job, every minute): every threshold of every customer is
//! compared with its figure; a crossed one whose mark is not set fires (mark, notification and,
//! after the commit, the mail, all once), a mark whose figure moved back is deleted so that the
//! next crossing fires again. Several instances may run it at once: the mark's primary key lets
//! one of them fire each crossing (`persistence::alerts::fire`). A reseller's low-pool alerts
//! (`pools`) go the same way.

use crate::blocking::with_conn;
use crate::error::AppError;
use domain::units::GB;
use domain::{Cents, ProxyKind, UserId};
use persistence::alerts::{self, AlertSettings, PieceFigures, TrafficFigures};
use persistence::notifications::{self, Kind};
use persistence::resellers::accounts::{self, PoolAlerts};
use persistence::{DbConnection, DbPool, users, write_transaction};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use upstream::{Mailer, OutgoingMail};

const DAY: i64 = 86_400;

/// One threshold compared with its figure.
struct Candidate {
    user: i64,
    subject: String,
    threshold: i64,
    crossed: bool,
    title: String,
    body: String,
    /// The expiry an expiry warning announces.
    stated: Option<i64>,
    /// Keeps a fired mark though the figure is back below the threshold: a forecast that moves
    /// back by less than a day does not re-arm (it would fire again as the pace wobbles).
    hold: bool,
}

fn gb(bytes: i64) -> String {
    format!("{:.2}", bytes as f64 / GB as f64)
}

fn kind_label(kind: &str) -> String {
    ProxyKind::parse(kind).map_or_else(|| kind.to_owned(), |k| k.label().to_owned())
}

fn days(n: i64) -> String {
    domain::plural::plural(n, "day", "days")
}

/// `YYYY-MM-DD HH:MM UTC`.
fn when(unix: i64) -> String {
    let day = domain::calendar::utc_day(unix);
    let secs = unix.rem_euclid(DAY);
    format!("{day} {:02}:{:02} UTC", secs / 3600, secs % 3600 / 60)
}

/// The runs-out alert of a traffic balance: crossed when, at the pace of the last days
/// (`used_recently`), what is left runs out within the customer's days ahead, and before the
/// traffic expires (the expiry alerts speak of that).
fn runs_out(
    out: &mut Vec<Candidate>,
    settings: &AlertSettings,
    row: &TrafficFigures,
    used_recently: i64,
    now: i64,
) {
    let Some(ahead) = settings.runs_out_within_days else {
        return;
    };
    let (user, kind, purchased, used, expires, _) = row;
    let left = (purchased - used).max(0);
    let pace = domain::forecast::forecast(used_recently, left, now);
    // Without a forecast there is no candidate: a fired mark is then dropped as unwatched.
    let Some(at) = pace
        .runs_out_at
        .filter(|at| expires.is_none_or(|e| *at < e))
    else {
        return;
    };
    let label = kind_label(kind);
    out.push(Candidate {
        user: *user,
        subject: format!("runs_out:traffic:{kind}"),
        threshold: ahead,
        crossed: at - now <= ahead * DAY,
        title: format!("{label}: traffic runs out in {} or less", days(ahead)),
        body: format!(
            "At your pace of the last 7 days ({} GB a day), the {} GB left of your {label} \
             traffic run out around {}. Buy more on the Pricing page, or turn on auto top-up.",
            gb(pace.daily_average_bytes),
            gb(left),
            when(at)
        ),
        stated: None,
        hold: at - now <= (ahead + 1) * DAY,
    });
}

fn traffic(out: &mut Vec<Candidate>, settings: &AlertSettings, row: &TrafficFigures, now: i64) {
    let (user, kind, purchased, used, expires, valid_from) = row;
    let label = kind_label(kind);
    for &percent in &settings.traffic_percent {
        out.push(Candidate {
            user: *user,
            subject: format!("traffic:{kind}"),
            threshold: percent,
            crossed: i128::from(*used) * 100 >= i128::from(percent) * i128::from(*purchased),
            title: format!("{label}: {percent} % of your traffic used"),
            body: format!(
                "You have used {} GB of {} GB ({percent} % or more) of your {label} traffic. \
                 Buy more on the Pricing page, or turn on auto top-up.",
                gb(*used),
                gb(*purchased)
            ),
            stated: None,
            hold: false,
        });
    }
    if let Some(expires) = expires {
        for &ahead in &settings.expiry_days {
            out.push(Candidate {
                user: *user,
                subject: format!("expiry:traffic:{kind}"),
                threshold: ahead,
                // Only traffic that was valid for longer than the warning: a 24-hour trial is
                // not "expiring in 3 days or less" the minute it is granted.
                crossed: *expires > now
                    && expires - now <= ahead * DAY
                    && valid_from.is_none_or(|from| expires - from > ahead * DAY),
                title: format!("{label}: your traffic expires in {} or less", days(ahead)),
                body: format!(
                    "Your {label} traffic expires on {}; what is left of it is lost then.",
                    when(*expires)
                ),
                stated: Some(*expires),
                hold: false,
            });
        }
    }
}

fn piece(out: &mut Vec<Candidate>, settings: &AlertSettings, row: &PieceFigures, now: i64) {
    let (user, id, kind, host, expires) = row;
    let label = kind_label(kind);
    for &ahead in &settings.expiry_days {
        out.push(Candidate {
            user: *user,
            subject: format!("expiry:piece:{id}"),
            threshold: ahead,
            crossed: expires - now <= ahead * DAY,
            title: format!("{label} {host} expires in {} or less", days(ahead)),
            body: format!(
                "Your proxy {host} ({label}) expires on {}. Renew it before then to keep its \
                 address.",
                when(*expires)
            ),
            stated: Some(*expires),
            hold: false,
        });
    }
}

/// A reseller's low-pool alerts (docs/resellers.md "Reports"): crossed while what is left of its
/// own traffic of a kind (unexpired, unused) is below the GB it set. `left` holds what is left
/// per (account, kind) of every traffic balance; an account without one of the kind has none.
fn pools(
    out: &mut Vec<Candidate>,
    watchers: &[(UserId, PoolAlerts)],
    left: &HashMap<(i64, String), i64>,
) {
    for (user, alerts) in watchers {
        for (kind, below) in [
            (ProxyKind::Premium, alerts.premium_below_gb),
            (ProxyKind::Budget, alerts.budget_below_gb),
        ] {
            let Some(below) = below else { continue };
            let key = kind.as_str().to_owned();
            let bytes = left.get(&(user.get(), key.clone())).copied().unwrap_or(0);
            let label = kind.label();
            out.push(Candidate {
                user: user.get(),
                subject: format!("pool:{key}"),
                threshold: i64::from(below),
                crossed: bytes < i64::from(below) * GB,
                title: format!("{label}: your pool is below {below} GB"),
                body: format!(
                    "{} GB of your own {label} traffic is left to allocate to your clients. Buy                      more on the Pricing page.",
                    gb(bytes)
                ),
                stated: None,
                hold: false,
            });
        }
    }
}

/// Compares every threshold with its figure at `now`, fires the crossed ones not fired yet and
/// re-arms the ones whose figure moved back; then mails what fired (for customers with mail
/// on). Returns how many fired.
pub async fn check_alerts(
    pool: &DbPool,
    mailer: Arc<dyn Mailer>,
    now: i64,
) -> Result<usize, AppError> {
    let fired = with_conn(pool, move |conn| Ok(evaluate(conn, now)?)).await?;
    let count = fired.len();
    for (user, mail) in fired {
        let Some(mail) = mail else { continue };
        if let Err(err) = mailer.send(mail).await {
            tracing::warn!(%err, user, "alert mail not sent");
        }
    }
    Ok(count)
}

/// Deletes the expiry notifications whose date is no longer the expiry (a purchase or a renewal
/// moved it, or the piece is gone): "your traffic expires on X" must not stay in the bell after
/// X stopped being true.
fn drop_outdated(
    conn: &mut DbConnection,
    candidates: &[Candidate],
    now: i64,
) -> persistence::DbResult<()> {
    let current: HashMap<(i64, &str), i64> = candidates
        .iter()
        .filter_map(|c| Some(((c.user, c.subject.as_str()), c.stated?)))
        .collect();
    let outdated: Vec<i64> = notifications::dated_ahead(conn, now)?
        .into_iter()
        .filter(|(_, user, subject, at)| current.get(&(*user, subject.as_str())) != Some(at))
        .map(|(id, ..)| id)
        .collect();
    if !outdated.is_empty() {
        let gone = notifications::delete(conn, &outdated)?;
        tracing::info!(
            gone,
            "expiry notifications outdated by a new expiry deleted"
        );
    }
    Ok(())
}

fn evaluate(
    conn: &mut DbConnection,
    now: i64,
) -> persistence::DbResult<Vec<(i64, Option<OutgoingMail>)>> {
    let custom: HashMap<i64, AlertSettings> = alerts::all_settings(conn)?.into_iter().collect();
    let defaults = AlertSettings::default();
    let of = |user: i64| custom.get(&user).unwrap_or(&defaults);
    let mut candidates = Vec::new();
    let window = domain::forecast::window_first_day(now);
    let recent: HashMap<(i64, String), i64> =
        persistence::traffic::used_since(conn, &window, None)?
            .into_iter()
            .map(|(user, kind, bytes)| ((user, kind), bytes))
            .collect();
    let figures = alerts::traffic_figures(conn)?;
    let left: HashMap<(i64, String), i64> = figures
        .iter()
        .map(|(user, kind, purchased, used, expires, _)| {
            let live = expires.is_none_or(|end| end > now);
            let bytes = if live { (purchased - used).max(0) } else { 0 };
            ((*user, kind.clone()), bytes)
        })
        .collect();
    pools(&mut candidates, &accounts::pool_watchers(conn)?, &left);
    for row in figures {
        traffic(&mut candidates, of(row.0), &row, now);
        let used_recently = recent.get(&(row.0, row.1.clone())).copied().unwrap_or(0);
        runs_out(&mut candidates, of(row.0), &row, used_recently, now);
    }
    for row in alerts::live_pieces(conn, now)? {
        piece(&mut candidates, of(row.0), &row, now);
    }
    let watching: Vec<i64> = custom
        .iter()
        .filter(|(_, s)| s.balance_below_cents.is_some())
        .map(|(id, _)| *id)
        .collect();
    for (user, cents) in alerts::balances(conn, &watching)? {
        let Some(below) = of(user).balance_below_cents else {
            continue;
        };
        candidates.push(Candidate {
            user,
            subject: "balance".into(),
            threshold: below,
            crossed: cents < below,
            title: format!("Wallet balance below {}", Cents::new(below)),
            body: format!(
                "Your wallet balance is {}. Top up to keep renewals and automatic top-ups going.",
                Cents::new(cents)
            ),
            stated: None,
            hold: false,
        });
    }
    drop_outdated(conn, &candidates, now)?;
    let marks: HashSet<(i64, String, i64)> = alerts::all_marks(conn)?.into_iter().collect();
    // A mark no threshold watches any more (a threshold taken out, a piece gone) is dropped.
    let watched: HashSet<(i64, String, i64)> = candidates
        .iter()
        .map(|c| (c.user, c.subject.clone(), c.threshold))
        .collect();
    for (user, subject, threshold) in marks.difference(&watched) {
        alerts::rearm(conn, UserId::new(*user), subject, *threshold)?;
    }
    let mut fired = Vec::new();
    for c in candidates {
        let key = (c.user, c.subject.clone(), c.threshold);
        let user = UserId::new(c.user);
        match (c.crossed, marks.contains(&key)) {
            (true, false) => {
                let fired_now = write_transaction(conn, |tx| -> persistence::DbResult<bool> {
                    if !alerts::fire(tx, user, &c.subject, c.threshold, now)? {
                        return Ok(false);
                    }
                    let id = notifications::add(tx, user, Kind::Alert, &c.title, &c.body, now)?;
                    if let Some(at) = c.stated {
                        notifications::state_date(tx, id, &c.subject, at)?;
                    }
                    Ok(true)
                })?;
                if fired_now {
                    let mail = if of(c.user).email {
                        users::find_by_id(conn, user)?.map(|u| OutgoingMail {
                            to: u.email,
                            subject: c.title.clone(),
                            text: format!(
                                "{}\n\nProxyShop alerts: change them in your settings.\n",
                                c.body
                            ),
                        })
                    } else {
                        None
                    };
                    fired.push((c.user, mail));
                }
            }
            (false, true) if !c.hold => alerts::rearm(conn, user, &c.subject, c.threshold)?,
            _ => {}
        }
    }
    Ok(fired)
}
