// The application root.
import { AppRoutes } from './app-routes';
import { BrowserProviders } from './providers';

export function App() {
  return (
    <BrowserProviders>
      <AppRoutes />
    </BrowserProviders>
  );
}
