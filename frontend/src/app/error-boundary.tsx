// Catches render errors and failed chunk loads so a broken page never blanks the whole app.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';

type State = { error: Error | null };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-slate-600 dark:text-slate-300">The page could not be shown. Check your connection and try again.</p>
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload page
        </button>
      </main>
    );
  }
}
