// Public footer: product, use-case, resource and legal links (the sign-up link follows the main
// call to action: Start Free Trial, Get started or Go to dashboard).
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { CHAT_URL, SUPPORT_EMAIL } from '@/lib/site';
import { useStartCta } from '@/lib/trial';

const columns: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: 'Products',
    links: [
      { to: '/residential-proxies', label: 'Residential Proxies' },
      { to: '/#pricing', label: 'Pricing' },
      { to: '/location', label: 'Locations' },
      { to: '/register', label: 'Start Free Trial' }, // replaced by the call to action
    ],
  },
  {
    title: 'Use cases',
    links: [
      { to: '/use-case/e-commerce', label: 'E-commerce' },
      { to: '/use-case/data-scraping', label: 'Data scraping' },
      { to: '/use-case/ad-verification', label: 'Ad verification' },
      { to: '/use-case/online-survey', label: 'Online surveys' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/user&guide', label: 'Use Guide & Details' },
      { to: '/faqs', label: 'FAQs' },
      { to: '/blog', label: 'Blog' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/contact', label: 'Contact' },
      { to: '/status', label: 'Service status' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/acceptable-use', label: 'Acceptable use' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

export function SiteFooter() {
  const cta = useStartCta();
  const links = (list: Array<{ to: string; label: string }>) => list.map((link) => (link.to === '/register' ? cta : link));
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_3fr] lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-slate-600 dark:text-slate-300">
            Residential, mobile and datacenter proxies in 195+ countries. HTTP(S) and SOCKS5, city targeting, pay as you go.
          </p>
          <p className="mt-4 text-sm">
            <a className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p className="mt-1 text-sm">
            <a className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300" href={CHAT_URL} target="_blank" rel="noopener noreferrer">
              Live chat<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {columns.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.title}</h2>
              <ul className="mt-3 space-y-1">
                {links(column.links).map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="tap-target text-sm text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-200 py-6 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} ProxyShop. All rights reserved.
      </div>
    </footer>
  );
}
