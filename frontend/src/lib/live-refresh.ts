// How often figures that change on their own (balance, traffic used, pieces) are re-read while
// the page is visible. TanStack Query skips interval refetches while the tab is hidden
// (`refetchIntervalInBackground` stays false), so background tabs cost nothing.
export const LIVE_REFRESH_MS = 10_000;
