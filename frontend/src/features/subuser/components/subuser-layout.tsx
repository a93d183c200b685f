// Layout of /onboard/* for a sub-user's sign-in: a bar with who is signed in, the theme switch
// and Logout, and the sub-user's own page whatever the path; the customer's navigation is not
// shown (and the server refuses a sub-user's session everything but its own line, usage and
// records).
import type { User } from '@/lib/api-types';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { ThemeSwitch } from '@/components/theme-switch';
import { useLogout } from '@/lib/session';
import { SubuserHome } from './subuser-home';

export function SubuserLayout({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900/40">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-950">
        <Logo className="shrink-0" />
        <div className="flex min-w-0 items-center gap-2 text-sm sm:gap-3">
          {/* One line however long the address: cut with an ellipsis, the whole of it on hover. */}
          <span className="min-w-0 truncate" title={user.email} data-testid="signed-in-as">
            {user.email}
          </span>
          <span className="shrink-0">
            <ThemeSwitch />
          </span>
          <Button variant="outline" size="sm" className="shrink-0" busy={logout.isPending} onClick={() => logout.mutate()}>
            Logout
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl p-4 sm:p-6 lg:p-8">
        <SubuserHome />
      </main>
    </div>
  );
}
