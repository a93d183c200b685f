// Ready-to-paste code that uses one generated line: curl, Python requests, Node (undici for
// Http/s, socks-proxy-agent for Socks5), Playwright and Puppeteer. The credentials are filled in;
// they are URL-encoded where they sit inside a URL.
import type { ProxyParts } from './proxy-format';

export const SNIPPET_LANGUAGES = [
  { value: 'curl', label: 'curl' },
  { value: 'python', label: 'Python' },
  { value: 'node', label: 'Node' },
  { value: 'playwright', label: 'Playwright' },
  { value: 'puppeteer', label: 'Puppeteer' },
] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]['value'];

/** Where the snippets send their request: a public IP-echo service. */
export const ECHO_URL = 'https://api.ipify.org?format=json';

const BROWSER_SOCKS_NOTE = 'Chromium cannot send a password to a SOCKS5 proxy: generate an Http/s line for browsers.';

export function snippet(language: SnippetLanguage, proxy: ProxyParts, socks: boolean): string {
  const { host, port, username, password } = proxy;
  const user = encodeURIComponent(username);
  const pass = encodeURIComponent(password);
  const scheme = socks ? 'socks5h' : 'http';
  const withAuth = `${scheme}://${user}:${pass}@${host}:${port}`;
  const server = `${socks ? 'socks5' : 'http'}://${host}:${port}`;
  switch (language) {
    case 'curl':
      return `curl --proxy '${scheme}://${host}:${port}' --proxy-user '${username}:${password}' '${ECHO_URL}'`;
    case 'python':
      return [
        socks ? '# pip install "requests[socks]"' : '# pip install requests',
        'import requests',
        '',
        `proxy = "${withAuth}"`,
        'answer = requests.get(',
        `    "${ECHO_URL}",`,
        '    proxies={"http": proxy, "https": proxy},',
        '    timeout=30,',
        ')',
        'print(answer.text)',
      ].join('\n');
    case 'node':
      return socks
        ? [
            '// npm install socks-proxy-agent',
            "import https from 'node:https';",
            "import { SocksProxyAgent } from 'socks-proxy-agent';",
            '',
            `const agent = new SocksProxyAgent('${withAuth}');`,
            `https.get('${ECHO_URL}', { agent }, (res) => res.pipe(process.stdout));`,
          ].join('\n')
        : [
            '// npm install undici',
            "import { fetch, ProxyAgent } from 'undici';",
            '',
            `const dispatcher = new ProxyAgent('${withAuth}');`,
            `const answer = await fetch('${ECHO_URL}', { dispatcher });`,
            'console.log(await answer.text());',
          ].join('\n');
    case 'playwright':
      return [
        ...(socks ? [`// ${BROWSER_SOCKS_NOTE}`] : []),
        "import { chromium } from 'playwright';",
        '',
        'const browser = await chromium.launch({',
        `  proxy: { server: '${server}', username: '${username}', password: '${password}' },`,
        '});',
        'const page = await browser.newPage();',
        `await page.goto('${ECHO_URL}');`,
        'console.log(await page.textContent(\'body\'));',
        'await browser.close();',
      ].join('\n');
    case 'puppeteer':
      return [
        ...(socks ? [`// ${BROWSER_SOCKS_NOTE}`] : []),
        "import puppeteer from 'puppeteer';",
        '',
        `const browser = await puppeteer.launch({ args: ['--proxy-server=${server}'] });`,
        'const page = await browser.newPage();',
        `await page.authenticate({ username: '${username}', password: '${password}' });`,
        `await page.goto('${ECHO_URL}');`,
        "console.log(await page.$eval('body', (body) => body.textContent));",
        'await browser.close();',
      ].join('\n');
  }
}
