// The lazily loaded route modules compile on first use; tests load the ones they open up front so
// that the first lookup does not time out. Lives with the test harness, which may reach any layer.
const modules = {
  'dashboard-layout': () => import('@/features/dashboard/components/dashboard-layout'),
  settings: () => import('@/features/account/routes/settings'),
  'forgot-password': () => import('@/features/auth/routes/forgot-password'),
  'static-proxy': () => import('@/app/routes/static-proxy'),
  'ipv4-proxy': () => import('@/app/routes/ipv4-proxy'),
  'lte-proxy': () => import('@/app/routes/lte-proxy'),
  'generated-proxies': () => import('@/app/routes/generated-proxies'),
  'budget-proxy': () => import('@/app/routes/budget-proxy'),
  'premium-proxy': () => import('@/app/routes/premium-proxy'),
  'add-funds-dialog': () => import('@/features/wallet/components/add-funds-dialog'),
};

export async function preloadRoutes(...names: Array<keyof typeof modules>): Promise<void> {
  await Promise.all(names.map((name) => modules[name]()));
}
