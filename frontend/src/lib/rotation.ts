// What Rotating and Sticky mean for each residential kind, stated once for every page that
// describes it (the landing, the FAQ, the user guide, the residential page). It matches what
// `POST /api/user/generate` and `generate_budget` put in the proxy username
// (crates/api/src/traffic/generate.rs): Premium's Rotating line has no session, so every
// request may leave through a new IP, and its Sticky line a 30-minute session; Budget's
// Rotating line keeps one IP for the rotation time chosen (15 minutes to 1 day) and its Sticky
// line for a day.

/** Minutes a Premium sticky session keeps its IP (`PREMIUM_STICKY_MINUTES`). */
export const PREMIUM_STICKY_MINUTES = 30;

/** Budget's rotation times in minutes, shortest first (`ROTATION_MINUTES`). */
export const BUDGET_ROTATION_MINUTES = [15, 30, 60, 240, 360, 720, 1080, 1440] as const;

/** Minutes a Budget sticky session keeps its IP: the longest rotation time, one day. */
export const BUDGET_STICKY_MINUTES = 1440;

/** "15 minutes", "4 hours", "1 day". */
export function minutesLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const shortest = minutesLabel(Math.min(...BUDGET_ROTATION_MINUTES));
const longest = minutesLabel(BUDGET_STICKY_MINUTES);

export const ROTATION_COPY = {
  /** One line for feature lists. */
  short: `Premium: a new IP on every request or a ${minutesLabel(PREMIUM_STICKY_MINUTES)} sticky session; Budget: a new IP every ${shortest} to ${longest}`,
  premium: `Premium Residential: Rotating gives a new IP on every request; Sticky keeps one IP for ${minutesLabel(PREMIUM_STICKY_MINUTES)}.`,
  budget: `Budget Residential: Rotating keeps one IP for the rotation time you choose, from ${shortest} to ${longest}, then moves to a new one; Sticky keeps one IP for ${longest}.`,
  /** Why a sticky session. */
  sticky: 'A sticky session suits logins and checkouts, where the site expects one address throughout.',
} as const;
