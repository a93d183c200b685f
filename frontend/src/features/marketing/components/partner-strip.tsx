// Strip of the tools customers plug ProxyShop into (word marks drawn inline, no image requests).
const partners = ['Multilogin', 'AdsPower', 'GoLogin', 'Puppeteer', 'Selenium', 'Scrapy', 'Octoparse'];

export function PartnerStrip() {
  return (
    <section aria-labelledby="partners-title" className="border-y border-slate-200 bg-white py-8 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="partners-title" className="text-center text-sm font-medium text-slate-600 dark:text-slate-400">
          Works with the tools you already use
        </h2>
        <ul className="mt-5 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {partners.map((name) => (
            <li key={name} className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-500 dark:text-slate-400">
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                <rect x="2" y="2" width="16" height="16" rx="5" fill="currentColor" opacity="0.35" />
                <circle cx="10" cy="10" r="3.5" fill="currentColor" />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
