//! IPRoyal's location list (`GET /access/countries`, cached for an hour) and the password keys
//! it yields (what tells whether IPRoyal can target a place). IPRoyal's state and city codes are not ours (`california`, not `ca`), so places are
//! matched by name; the key prefixes (`_country-`…) come from the same reply.

use std::sync::Arc;
use std::time::Duration;

use reqwest::Method;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use tokio::sync::Mutex;
use tokio::time::Instant;

use super::api::Api;
use crate::residential::source::{Place, ProxyRequest, ResidentialError};

const COUNTRIES_TTL: Duration = Duration::from_secs(60 * 60);
/// The documented prefixes, for a reply that leaves one out.
const COUNTRY_KEY: &str = "_country-";
const STATE_KEY: &str = "_state-";
const CITY_KEY: &str = "_city-";

/// The reply of `GET /access/countries`.
#[derive(Debug, Deserialize)]
pub(super) struct Countries {
    #[serde(default)]
    prefix: Option<String>,
    countries: Vec<Choice>,
}

/// A country, state or city. Only countries have states; countries and states have cities.
#[derive(Debug, Deserialize)]
struct Choice {
    code: String,
    name: String,
    #[serde(default, deserialize_with = "group")]
    states: Group,
    #[serde(default, deserialize_with = "group")]
    cities: Group,
}

#[derive(Debug, Default, Deserialize)]
struct Group {
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    options: Vec<Choice>,
}

/// A group as documented (`{prefix, options}`), tolerating `null` and a bare list (PHP writes an
/// empty map as `[]`).
fn group<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Group, D::Error> {
    match Value::deserialize(deserializer)? {
        Value::Null => Ok(Group::default()),
        Value::Array(options) => Ok(Group {
            prefix: None,
            options: serde_json::from_value(Value::Array(options)).map_err(D::Error::custom)?,
        }),
        other => serde_json::from_value(other).map_err(D::Error::custom),
    }
}

/// The last good location list and when it was fetched. The lock is held while fetching, so
/// concurrent requests cause one fetch, not one each.
#[derive(Default)]
pub(super) struct CountryCache(Mutex<Option<(Instant, Arc<Countries>)>>);

impl CountryCache {
    /// The location list: the cached one while younger than an hour, else fetched through `api`.
    pub(super) async fn get(&self, api: &Api) -> Result<Arc<Countries>, ResidentialError> {
        let mut cached = self.0.lock().await;
        if let Some((fetched_at, countries)) = cached.as_ref()
            && fetched_at.elapsed() < COUNTRIES_TTL
        {
            return Ok(Arc::clone(countries));
        }
        let reply = api
            .send(Method::GET, "/access/countries", &[], None)
            .await?;
        let countries = Arc::new(api.decode::<Countries>(reply)?);
        *cached = Some((Instant::now(), Arc::clone(&countries)));
        Ok(countries)
    }
}

/// The targeting keys of the password: `_country-us[_state-…][_city-…]`, or none at all for
/// any country.
pub(super) fn location_keys(
    countries: &Countries,
    request: &ProxyRequest<'_>,
) -> Result<String, ResidentialError> {
    let Some(wanted) = request.country else {
        return Ok(String::new());
    };
    let country = countries
        .countries
        .iter()
        .find(|c| c.code.eq_ignore_ascii_case(wanted.code))
        .ok_or(ResidentialError::UnknownLocation)?;
    let mut keys = key(&countries.prefix, COUNTRY_KEY) + &country.code;

    let state = match request.state {
        None => None,
        Some(place) => match find(&country.states.options, place) {
            Some(state) => Some(state),
            // Our list gives a country without subdivisions one state coded like the country:
            // it targets the whole country.
            None if stands_for_country(place, wanted) => None,
            None => return Err(ResidentialError::UnknownLocation),
        },
    };
    if let Some(state) = state {
        keys += &(key(&country.states.prefix, STATE_KEY) + &state.code);
    }

    if let Some(place) = request.city {
        let in_group = |group| city_in(group, place);
        let (group, city) = match state {
            Some(state) => in_group(&state.cities).or_else(|| in_group(&country.cities)),
            None => in_group(&country.cities).or_else(|| {
                country
                    .states
                    .options
                    .iter()
                    .find_map(|s| in_group(&s.cities))
            }),
        }
        .ok_or(ResidentialError::UnknownLocation)?;
        keys += &(key(&group.prefix, CITY_KEY) + &city.code);
    }
    Ok(keys)
}

fn city_in<'a>(group: &'a Group, place: Place<'_>) -> Option<(&'a Group, &'a Choice)> {
    find(&group.options, place).map(|city| (group, city))
}

/// A prefix from the reply, shaped `_key-` whatever it looked like; the documented one if absent.
fn key(prefix: &Option<String>, documented: &str) -> String {
    let name = prefix
        .as_deref()
        .map(|p| p.trim().trim_matches(['_', '-']))
        .filter(|p| !p.is_empty());
    match name {
        Some(name) => format!("_{name}-"),
        None => documented.to_owned(),
    }
}

/// The option naming `place`: by name first, then by IPRoyal's code (which is often the name
/// squashed, e.g. `newyork`).
fn find<'a>(options: &'a [Choice], place: Place<'_>) -> Option<&'a Choice> {
    let name = normalise(place.name);
    let code = normalise(place.code);
    if name.is_empty() && code.is_empty() {
        return None;
    }
    let same = |text: &str| {
        let text = normalise(text);
        !text.is_empty() && text == name
    };
    options.iter().find(|o| same(&o.name)).or_else(|| {
        options.iter().find(|o| {
            let option = normalise(&o.code);
            !option.is_empty() && (option == name || option == code)
        })
    })
}

fn stands_for_country(state: Place<'_>, country: Place<'_>) -> bool {
    state.code.eq_ignore_ascii_case(country.code)
        || normalise(state.name) == normalise(country.name)
}

/// Lower case ASCII letters and digits, with common Latin accents folded ("Baden-Württemberg"
/// → "badenwurttemberg"), so that spellings with and without them meet.
fn normalise(text: &str) -> String {
    const FOLDS: [(&str, &str); 17] = [
        ("àáâãäåāăą", "a"),
        ("çćĉċč", "c"),
        ("ďđ", "d"),
        ("èéêëēĕėęě", "e"),
        ("ĝğġģ", "g"),
        ("ìíîïĩīĭįı", "i"),
        ("ĺļľŀł", "l"),
        ("ñńņňŉ", "n"),
        ("òóôõöøōŏő", "o"),
        ("ŕŗř", "r"),
        ("śŝşšș", "s"),
        ("ţťŧț", "t"),
        ("ùúûüũūŭůűų", "u"),
        ("ýÿŷ", "y"),
        ("źżž", "z"),
        ("ß", "ss"),
        ("æ", "ae"),
    ];
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if let Some((_, base)) = FOLDS.iter().find(|(accented, _)| accented.contains(c)) {
            out.push_str(base);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_compared_without_case_accents_or_punctuation() {
        assert_eq!(normalise("Baden-Württemberg"), "badenwurttemberg");
        assert_eq!(normalise("Los Angeles"), "losangeles");
        assert_eq!(normalise("São Paulo"), "saopaulo");
        assert_eq!(normalise("St. John's 2"), "stjohns2");
    }

    #[test]
    fn prefixes_are_shaped_as_keys() {
        let k = |p: Option<&str>| key(&p.map(str::to_owned), CITY_KEY);
        assert_eq!(k(Some("_city-")), "_city-");
        assert_eq!(k(Some("city")), "_city-");
        assert_eq!(k(Some("_town-")), "_town-");
        assert_eq!(k(Some(" ")), "_city-");
        assert_eq!(k(None), "_city-");
    }
}
