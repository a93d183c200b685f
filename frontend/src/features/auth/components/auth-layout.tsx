// Two-column frame of /login and /register: the form on the right, the offer on the left (wide screens).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle } from '@/hooks/use-document-title';

const points = ['80M+ residential IPs in 195+ countries', 'HTTP(S) and SOCKS5 on every plan', '99.96% uptime, pay as you go'];

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside className="hidden flex-col justify-between bg-gradient-to-br from-brand-700 to-brand-950 p-12 text-white lg:flex">
        <Link to="/" className="w-fit rounded-md" aria-label="ProxyShop home">
          <Logo className="[&_span_span]:text-brand-200" />
        </Link>
        <div>
          <p className="text-3xl leading-tight font-bold">Real residential IPs for scraping, ads and e-commerce.</p>
          <ul className="mt-8 space-y-3 text-brand-100">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3">
                <CheckIcon className="h-5 w-5 text-emerald-300" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-brand-200">© {new Date().getFullYear()} ProxyShop</p>
      </aside>
      <main className="flex flex-col items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">
          <Link to="/" className="mb-8 inline-block rounded-md lg:hidden" aria-label="ProxyShop home">
            <Logo />
          </Link>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{subtitle}</p>
          <div className="mt-8">{children}</div>
          <p className="mt-8 text-center text-xs text-slate-600 dark:text-slate-400">
            By continuing you agree to our{' '}
            <Link to="/terms-of-service" className="tap-target font-medium text-brand-700 underline dark:text-brand-300">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="tap-target font-medium text-brand-700 underline dark:text-brand-300">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </main>
    </div>
  );
}
