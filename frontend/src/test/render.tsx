// Renders the real route table at a path, with fresh providers per test.
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, type InitialEntry } from 'react-router';
import { AppRoutes } from '@/app/app-routes';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';

/** Shows the current path so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search + location.hash}</output>;
}

/** The browser's back and forward buttons, for tests of history (`renderAt(path, ui, { history: true })`). */
function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

/** `path`: an address, or a location with router state (what a `navigate(to, { state })` leaves). */
export function renderAt(path: InitialEntry, ui: ReactElement = <AppRoutes />, options: { history?: boolean } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <AppProviders client={client}>
        {ui}
        <LocationProbe />
        {options.history && <HistoryButtons />}
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, user, client };
}
