// Use-case pages (/use-case and its four sub-pages).
export type UseCase = {
  slug: string;
  title: string;
  summary: string;
  problem: string;
  solution: string[];
  recommended: string;
};

export const USE_CASES: UseCase[] = [
  {
    slug: 'e-commerce',
    title: 'E-commerce',
    summary: 'Track prices, stock and search rankings in every market you sell in.',
    problem:
      'Marketplaces show different prices, delivery options and search results by country and city, and they throttle anyone who checks too often.',
    solution: [
      'Check listings from the shopper’s own city with city-level residential targeting.',
      'Rotate IPs per request to monitor thousands of products without rate limits.',
      'Keep a sticky session through a checkout flow to verify the full buying experience.',
    ],
    recommended: 'Premium Residential for city accuracy; Static Residential for long-lived seller accounts.',
  },
  {
    slug: 'data-scraping',
    title: 'Data scraping',
    summary: 'Collect public web data at scale without blocks or CAPTCHAs.',
    problem: 'Anti-bot systems block data-centre ranges and any single IP that sends too many requests.',
    solution: [
      'Spread requests over millions of residential IPs: Premium Rotating lines leave through a new one for every request.',
      'Use HTTP(S) or SOCKS5 with Scrapy, Puppeteer, Playwright or plain curl.',
      'Pay per GB and scale up or down without contracts.',
    ],
    recommended: 'Residential Proxies (budget) for volume; Datacenter IPv4 for sites without IP reputation checks.',
  },
  {
    slug: 'ad-verification',
    title: 'Ad verification',
    summary: 'See the ads real users see, and catch fraud and misplacement.',
    problem: 'Fraudsters show clean pages to known verification IPs and the real (often malicious) content to everyone else.',
    solution: [
      'Load landing pages from genuine household and LTE mobile IPs.',
      'Target the exact country and city a campaign is bought for.',
      'Compare creatives across carriers with LTE Mobile proxies.',
    ],
    recommended: 'LTE Mobile and Premium Residential.',
  },
  {
    slug: 'online-survey',
    title: 'Online surveys',
    summary: 'Test and quality-check surveys from the regions you recruit in.',
    problem: 'Survey platforms route respondents by location, and testing every branch from one office IP is impossible.',
    solution: [
      'Preview each geographic branch of a questionnaire from a local IP.',
      'Keep one sticky IP per test respondent for consistent sessions.',
      'Use static residential IPs for panels that whitelist addresses.',
    ],
    recommended: 'Static Residential for whitelisted panels; Premium Residential for regional testing.',
  },
];
