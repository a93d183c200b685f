// The password reset's toasts share one id: "Password reset" replaces the "If an account exists…"
// toast of the code request (still on screen when the code is typed quickly) instead of arriving
// behind it while the stale one stays in front, as the dashboard appears.
export const RESET_TOAST = { id: 'password-reset' } as const;
