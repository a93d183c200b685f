// What the reseller journeys and screenshots need from the operator, through the API: a signed-in
// operator (the admin the server made on its first start), a customer's id, and GB granted to it.
// Making the customer a reseller is done on the operator's page in the journey and here by API.
import { readInitialAdmin } from './harness.mjs';

/** The operator's API calls, in a browser context of its own (its own session cookie). */
export async function operator(browser, url, dataDir) {
  const context = await browser.newContext();
  const request = context.request;
  const headers = { Origin: url };
  const admin = readInitialAdmin(dataDir);
  const login = await request.post(`${url}/api/login`, { headers, data: admin });
  if (!login.ok()) throw new Error(`operator login: ${login.status()} ${await login.text()}`);
  const call = async (method, path, data) => {
    const reply = await request.fetch(`${url}${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
    if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${await reply.text()}`);
    return reply.json();
  };
  return {
    context,
    async userId(email) {
      const list = await call('GET', `/api/admin/users?q=${encodeURIComponent(email)}`);
      const row = list.items.find((item) => item.email === email);
      if (!row) throw new Error(`no user ${email}`);
      return row.id;
    },
    grantTraffic: (id, type, gb) => call('POST', `/api/admin/users/${id}/traffic`, { type, gb, reason: 'Reseller stock for the test' }),
    makeReseller: (id, terms = {}) => call('PUT', `/api/admin/users/${id}/reseller`, { enabled: true, discountPercent: 10, maxClients: 20, ...terms }),
    close: () => context.close(),
  };
}
