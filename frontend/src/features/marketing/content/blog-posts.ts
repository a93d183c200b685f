// Blog articles, shown in full on /blog.
import { ROTATION_COPY } from '@/lib/rotation';
export type BlogPost = { id: string; title: string; date: string; minutes: number; paragraphs: string[] };

export const BLOG_POSTS: BlogPost[] = [
  {
    id: 'rotating-vs-sticky',
    title: 'Rotating or sticky: choosing the right session type',
    date: '2025-05-12',
    minutes: 4,
    paragraphs: [
      `${ROTATION_COPY.premium} Rotating is the default for crawling, because no single address ever sends enough traffic to be noticed.`,
      `${ROTATION_COPY.budget} Use a sticky session whenever a site ties state to your address, such as logins, carts and multi-step forms.`,
      'A good rule: rotate for reading, stick for writing. Many customers run both from the same plan with two generated proxies.',
    ],
  },
  {
    id: 'socks5-or-http',
    title: 'SOCKS5 or HTTP(S)? A practical comparison',
    date: '2025-04-02',
    minutes: 5,
    paragraphs: [
      'HTTP(S) proxies understand web traffic: they work everywhere a browser or HTTP library asks for a proxy URL, and HTTPS stays end-to-end encrypted through CONNECT tunnels.',
      'SOCKS5 works one level lower and carries any TCP traffic, which makes it the choice for non-HTTP tools, some anti-detect browsers and custom clients.',
      'Every ProxyShop plan includes both, so you can switch without buying anything new.',
    ],
  },
  {
    id: 'city-targeting',
    title: 'Getting accurate city-level results',
    date: '2025-02-20',
    minutes: 3,
    paragraphs: [
      'Search engines and marketplaces localise results down to the city. Country-level proxies give you an average that no real customer sees.',
      'Generate a Premium Residential proxy with a state and city selected: the targeting is written into the username, so any tool that accepts a proxy string can use it.',
      'Pair city targeting with sticky sessions when you need to page through results from the same location.',
    ],
  },
];
