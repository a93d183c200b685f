// What the reseller journeys and screenshots need from the operator, through the API: a signed-in
// operator (the admin the server made on its first start), a customer's id, GB granted to it, money
// in its wallet and the reseller terms; a piece bought by a signed-in customer; and a small PNG to
// upload as a brand's logo.
import { crc32, deflateSync } from 'node:zlib';
import { readInitialAdmin } from './harness.mjs';

/** The operator's API calls over `request` (an API request context with a cookie jar of its own). */
export async function operator(request, url, dataDir) {
  const headers = { Origin: url };
  const login = await request.post(`${url}/api/login`, { headers, data: readInitialAdmin(dataDir) });
  if (!login.ok()) throw new Error(`operator login: ${login.status()} ${await login.text()}`);
  const call = async (method, path, data) => {
    const reply = await request.fetch(`${url}${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
    if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${await reply.text()}`);
    return reply.json();
  };
  return {
    async userId(email) {
      const list = await call('GET', `/api/admin/users?q=${encodeURIComponent(email)}`);
      const row = list.items.find((item) => item.email === email);
      if (!row) throw new Error(`no user ${email}`);
      return row.id;
    },
    grantTraffic: (id, type, gb) => call('POST', `/api/admin/users/${id}/traffic`, { type, gb, reason: 'Reseller stock for the test' }),
    credit: (id, amount) => call('POST', `/api/admin/users/${id}/balance`, { amount, reason: 'Reseller funds for the test' }),
    makeReseller: (id, terms = {}) => call('PUT', `/api/admin/users/${id}/reseller`, { enabled: true, discountPercent: 10, maxClients: 20, ...terms }),
  };
}

/** Buys `quantity` pieces of `type` (static, ipv4…) from the first plan, with `request`'s session. */
export async function buyPieces(request, url, type, location, quantity = 1) {
  const { plan } = await (await request.get(`${url}/api/user/plan?type=${type}`)).json();
  const data = { type, plan: plan.plans[0].id, country: 'us', location, quantity };
  const bought = await request.post(`${url}/api/user/get_proxy`, { headers: { Origin: url }, data });
  if (!bought.ok()) throw new Error(`buy ${type}: ${bought.status()} ${await bought.text()}`);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** A `width` × `height` PNG: a band of `colour` ([r, g, b]) with a lighter bar in it, as a logo. */
export function logoPng(width = 240, height = 80, colour = [15, 118, 110]) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const bar = y > height * 0.35 && y < height * 0.65 && x > width * 0.3 && x < width * 0.9;
      const [r, g, b] = bar ? [255, 255, 255] : colour;
      row.set([r, g, b, x < height ? 255 : bar ? 255 : 230], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
