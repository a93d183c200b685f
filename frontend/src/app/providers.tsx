// App-wide providers: server state, the display currency, router, toasts and the payment modal slot.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { DisplayCurrencyProvider } from '@/components/display-currency';
import { lazyPage } from '@/lib/lazy-page';
import { useToasterRequested } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { PaymentModalSlot } from './payment-modal-slot';

const AppToaster = lazyPage(() => import('./toaster'));

/** Mounts the toaster once the first toast is requested. */
function ToasterSlot() {
  const requested = useToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** Everything but the router, so tests can supply a MemoryRouter. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayCurrencyProvider>{children}</DisplayCurrencyProvider>
      <PaymentModalSlot />
      <ToasterSlot />
    </QueryClientProvider>
  );
}

export function BrowserProviders({ children }: { children: ReactNode }) {
  return (
    // Plain (non-transition) navigations: logout must leave /onboard before the session is cleared,
    // or the dashboard guard would redirect to /login first.
    <BrowserRouter useTransitions={false}>
      <AppProviders>{children}</AppProviders>
    </BrowserRouter>
  );
}
