// Every route of the site (docs/screens.md#routes). Each page is its own lazily loaded chunk.
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { lazyPage } from '@/lib/lazy-page';
import { ErrorBoundary } from './error-boundary';

const m = (load: () => Promise<{ default: React.ComponentType }>) => lazyPage(load);

const Landing = m(() => import('@/features/marketing/routes/landing'));
const ResidentialProxies = m(() => import('@/features/marketing/routes/residential-proxies'));
const Locations = m(() => import('@/features/marketing/routes/locations'));
const Contact = m(() => import('@/features/marketing/routes/contact'));
const Privacy = m(() => import('@/features/marketing/routes/privacy'));
const Terms = m(() => import('@/features/marketing/routes/terms'));
const AcceptableUse = m(() => import('@/features/marketing/routes/acceptable-use'));
const Status = m(() => import('@/features/marketing/routes/status'));
const UseCases = m(() => import('@/features/marketing/routes/use-cases'));
const UseCaseDetail = m(() => import('@/features/marketing/routes/use-case-detail'));
const Faqs = m(() => import('@/features/marketing/routes/faqs'));
const Blog = m(() => import('@/features/marketing/routes/blog'));
const UserGuide = m(() => import('@/features/marketing/routes/user-guide'));
const ApiReference = m(() => import('@/features/api-reference/routes/api-reference'));
const Support = m(() => import('@/features/marketing/routes/support'));
const Abuse = m(() => import('@/features/marketing/routes/abuse'));
const NotFound = m(() => import('@/features/marketing/routes/not-found'));
const Login = m(() => import('@/features/auth/routes/login'));
const Register = m(() => import('@/features/auth/routes/register'));
const ForgotPassword = m(() => import('@/features/auth/routes/forgot-password'));
const Invitation = m(() => import('@/features/auth/routes/invitation'));
const BrandLogin = m(() => import('@/features/auth/routes/brand-login'));
const DashboardLayout = m(() => import('./routes/onboard-gate'));
const Overview = m(() => import('@/features/dashboard/routes/overview'));
const PremiumProxy = m(() => import('./routes/premium-proxy'));
const BudgetProxy = m(() => import('./routes/budget-proxy'));
const StaticProxy = m(() => import('./routes/static-proxy'));
const LteProxy = m(() => import('./routes/lte-proxy'));
const Ipv4Proxy = m(() => import('./routes/ipv4-proxy'));
const Ipv6Proxy = m(() => import('./routes/ipv6-proxy'));
const GeneratedProxies = m(() => import('./routes/generated-proxies'));
const Wallet = m(() => import('@/features/wallet/routes/wallet'));
const Referral = m(() => import('@/features/dashboard/routes/referral'));
const Settings = m(() => import('@/features/account/routes/settings'));
const SettingsIndex = m(() => import('@/features/account/routes/settings-index'));
const SettingsAccount = m(() => import('@/features/account/routes/sections/account'));
const SettingsSecurity = m(() => import('@/features/account/routes/sections/security'));
const SettingsApi = m(() => import('@/features/account/routes/sections/api'));
const SettingsBilling = m(() => import('@/features/account/routes/sections/billing'));
const SettingsNotifications = m(() => import('@/features/account/routes/sections/notifications'));
const SettingsAccess = m(() => import('@/features/account/routes/sections/access'));
const ClientBuy = m(() => import('@/features/client/routes/buy'));
const ResellerConsole = m(() => import('@/features/reseller/routes/reseller-console'));
const DashboardNotFound = m(() => import('@/features/dashboard/routes/dashboard-not-found'));
// the operator console: its own chunks, which a customer's pages never import
const AdminLayout = m(() => import('@/features/admin/components/admin-layout'));
const AdminOverview = m(() => import('@/features/admin/routes/overview'));
const AdminCustomers = m(() => import('@/features/admin/routes/customers'));
const AdminCustomer = m(() => import('@/features/admin/routes/customer-detail'));
const AdminCustomerView = m(() => import('@/features/admin/routes/customer-view'));
const AdminPlans = m(() => import('@/features/admin/routes/plans'));
const AdminCoupons = m(() => import('@/features/admin/routes/coupons'));
const AdminStock = m(() => import('@/features/admin/routes/stock'));
const AdminUpstreams = m(() => import('@/features/admin/routes/upstreams'));
const AdminBlocklist = m(() => import('@/features/admin/routes/blocklist'));
const AdminOrders = m(() => import('@/features/admin/routes/orders'));
const AdminPayments = m(() => import('@/features/admin/routes/payments'));
const AdminPayment = m(() => import('@/features/admin/routes/payment-detail'));
const AdminAudit = m(() => import('@/features/admin/routes/audit'));
const AdminTrials = m(() => import('@/features/admin/routes/trials'));
const AdminAbuse = m(() => import('@/features/admin/routes/abuse'));
const AdminAbuseCase = m(() => import('@/features/admin/routes/abuse-case'));
const AdminRefunds = m(() => import('@/features/admin/routes/refunds'));
const AdminPayouts = m(() => import('@/features/admin/routes/payouts'));
const AdminIncidents = m(() => import('@/features/admin/routes/incidents'));
const AdminNotFound = m(() => import('@/features/admin/routes/admin-not-found'));

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/residential-proxies" element={<ResidentialProxies />} />
          <Route path="/location" element={<Locations />} />
          <Route path="/contact" element={<Contact />} />
          <Route path="/privacy" element={<Privacy />} />
          <Route path="/terms-of-service" element={<Terms />} />
          <Route path="/acceptable-use" element={<AcceptableUse />} />
          <Route path="/status" element={<Status />} />
          <Route path="/use-case" element={<UseCases />} />
          <Route path="/use-case/:slug" element={<UseCaseDetail />} />
          <Route path="/faqs" element={<Faqs />} />
          <Route path="/blog" element={<Blog />} />
          <Route path="/user&guide" element={<UserGuide />} />
          <Route path="/support" element={<Support />} />
          <Route path="/abuse" element={<Abuse />} />
          <Route path="/docs/api" element={<ApiReference />} />
          <Route path="/login" element={<Login />} />
          <Route path="/register" element={<Register />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/invitation" element={<Invitation />} />
          <Route path="/r/:slug" element={<BrandLogin />} />
          <Route path="/onboard" element={<DashboardLayout />}>
            <Route index element={<Overview />} />
            <Route path="rotating-proxy" element={<PremiumProxy />} />
            <Route path="budget-proxy" element={<BudgetProxy />} />
            <Route path="static-proxy" element={<StaticProxy />} />
            <Route path="lte-proxy" element={<LteProxy />} />
            <Route path="ipv4-proxy" element={<Ipv4Proxy />} />
            <Route path="ipv6-proxy" element={<Ipv6Proxy />} />
            <Route path="proxies" element={<GeneratedProxies />} />
            <Route path="wallet" element={<Wallet />} />
            <Route path="referral" element={<Referral />} />
            <Route path="buy" element={<ClientBuy />} />
            <Route path="settings" element={<Settings />}>
              <Route index element={<SettingsIndex />} />
              <Route path="account" element={<SettingsAccount />} />
              <Route path="security" element={<SettingsSecurity />} />
              <Route path="api" element={<SettingsApi />} />
              <Route path="billing" element={<SettingsBilling />} />
              <Route path="notifications" element={<SettingsNotifications />} />
              <Route path="access" element={<SettingsAccess />} />
            </Route>
            <Route path="*" element={<DashboardNotFound />} />
          </Route>
          <Route path="/reseller" element={<DashboardLayout />}>
            <Route index element={<ResellerConsole />} />
          </Route>
          <Route path="/admin" element={<AdminLayout />}>
            <Route index element={<AdminOverview />} />
            <Route path="dashboard" element={<AdminOverview />} />
            <Route path="customers" element={<AdminCustomers />} />
            <Route path="customers/:id" element={<AdminCustomer />} />
            <Route path="customers/:id/view" element={<AdminCustomerView />} />
            <Route path="plans" element={<AdminPlans />} />
            <Route path="coupons" element={<AdminCoupons />} />
            <Route path="stock" element={<AdminStock />} />
            <Route path="upstreams" element={<AdminUpstreams />} />
            <Route path="blocklist" element={<AdminBlocklist />} />
            <Route path="orders" element={<AdminOrders />} />
            <Route path="payments" element={<AdminPayments />} />
            <Route path="payments/:id" element={<AdminPayment />} />
            <Route path="audit" element={<AdminAudit />} />
            <Route path="trials" element={<AdminTrials />} />
            <Route path="abuse" element={<AdminAbuse />} />
            <Route path="abuse/:id" element={<AdminAbuseCase />} />
            <Route path="refunds" element={<AdminRefunds />} />
            <Route path="payouts" element={<AdminPayouts />} />
            <Route path="incidents" element={<AdminIncidents />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
