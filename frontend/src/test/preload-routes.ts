// The lazily loaded route modules compile on first use; tests load the ones they open up front so
// that the first lookup does not time out. Lives with the test harness, which may reach any layer.
const modules = {
  // the gate in front of it (a sub-user's sign-in gets its own layout) and the layout itself
  'dashboard-layout': () => Promise.all([import('@/app/routes/onboard-gate'), import('@/features/dashboard/components/dashboard-layout')]),
  invitation: () => import('@/features/auth/routes/invitation'),
  // the frame, the index's redirect and every section
  settings: () =>
    Promise.all([
      import('@/features/account/routes/settings'),
      import('@/features/account/routes/settings-index'),
      import('@/features/account/routes/sections/account'),
      import('@/features/account/routes/sections/security'),
      import('@/features/account/routes/sections/api'),
      import('@/features/account/routes/sections/billing'),
      import('@/features/account/routes/sections/notifications'),
      import('@/features/account/routes/sections/access'),
    ]),
  'api-reference': () => import('@/features/api-reference/routes/api-reference'),
  'forgot-password': () => import('@/features/auth/routes/forgot-password'),
  'static-proxy': () => import('@/app/routes/static-proxy'),
  'ipv4-proxy': () => import('@/app/routes/ipv4-proxy'),
  'lte-proxy': () => import('@/app/routes/lte-proxy'),
  'generated-proxies': () => import('@/app/routes/generated-proxies'),
  'budget-proxy': () => import('@/app/routes/budget-proxy'),
  'premium-proxy': () => import('@/app/routes/premium-proxy'),
  'add-funds-dialog': () => import('@/features/wallet/components/add-funds-dialog'),
  // a reseller's console, its client's purchase page and its branded sign-in
  'reseller-console': () => import('@/features/reseller/routes/reseller-console'),
  'client-buy': () => import('@/features/client/routes/buy'),
  'brand-login': () => import('@/features/auth/routes/brand-login'),
};

export async function preloadRoutes(...names: Array<keyof typeof modules>): Promise<void> {
  await Promise.all(names.map((name) => modules[name]()));
}
