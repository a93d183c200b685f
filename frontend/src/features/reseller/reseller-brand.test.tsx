import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Schemas } from '@/lib/api-types';
import { preloadRoutes } from '@/test/preload-routes';
import { renderAt } from '@/test/render';
import { server } from '@/test/server';
import { RESELLER_MESSAGES } from './schemas';
import { bodies, signedInReseller, T0 } from './test-data';

const SLOW = { timeout: 10_000 };
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

beforeAll(async () => {
  await preloadRoutes('dashboard-layout');
  await import('./routes/reseller-console');
});

function brand(overrides: Partial<Schemas['ResellerBrand']> = {}): Schemas['ResellerBrand'] {
  return { slug: 'acme', name: 'Acme Proxies', colour: '#1a73e8', supportEmail: null, supportUrl: null, logoUrl: null, proxyHost: null, updatedAt: T0, ...overrides };
}

describe('the Brand tab', { timeout: 30_000 }, () => {
  it('saves the brand, shows the server’s field message, then the sign-in link and the host', async () => {
    signedInReseller({ clients: [] });
    let current: Schemas['ResellerBrand'] | null = null;
    const put = bodies();
    let reply = () => HttpResponse.json({ message: 'This address is taken: choose another', fields: { slug: 'This address is taken: choose another' } }, { status: 409 });
    server.use(
      http.get('*/api/reseller/brand', () => HttpResponse.json(current)),
      http.put('*/api/reseller/brand', async ({ request }) => {
        await put.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/reseller?tab=brand');
    const name = await screen.findByLabelText('Brand name', {}, SLOW);
    // no brand yet: no logo before one
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeDisabled();
    await user.type(name, 'Acme Proxies');
    await user.type(screen.getByLabelText('Address'), '-acme');
    await user.clear(screen.getByLabelText('Colour'));
    await user.type(screen.getByLabelText('Colour'), 'blue');
    await user.type(screen.getByLabelText('Proxy host (optional)'), 'localhost');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText(RESELLER_MESSAGES.slug)).toBeInTheDocument();
    expect(screen.getByText(RESELLER_MESSAGES.colour)).toBeInTheDocument();
    expect(screen.getByText(RESELLER_MESSAGES.proxyHost)).toBeInTheDocument();
    expect(put.seen).toEqual([]);

    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'acme');
    await user.clear(screen.getByLabelText('Colour'));
    await user.type(screen.getByLabelText('Colour'), '#1A73E8');
    await user.clear(screen.getByLabelText('Proxy host (optional)'));
    await user.type(screen.getByLabelText('Proxy host (optional)'), 'proxy.acme.example');
    await user.type(screen.getByLabelText('Support email (optional)'), 'help@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('This address is taken: choose another', { selector: 'p' })).toBeInTheDocument();
    expect(put.seen).toEqual([
      { name: 'Acme Proxies', slug: 'acme', colour: '#1a73e8', supportEmail: 'help@acme.example', supportUrl: null, proxyHost: 'proxy.acme.example' },
    ]);

    reply = () => {
      current = brand({ supportEmail: 'help@acme.example', proxyHost: 'proxy.acme.example' });
      return HttpResponse.json(current);
    };
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('Brand saved')).toBeInTheDocument();
    expect(await screen.findByTestId('sign-in-link')).toHaveTextContent(`${window.location.origin}/r/acme`);
    expect(screen.getByText('Their lines name proxy.acme.example.')).toBeInTheDocument();
    expect(within(screen.getByTestId('brand-mark')).getByText('Acme Proxies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeEnabled();
  });

  it('checks the logo’s size and kind before sending it, and uploads a PNG', async () => {
    signedInReseller({ clients: [] });
    let uploads = 0;
    server.use(
      http.get('*/api/reseller/brand', () => HttpResponse.json(brand())),
      http.put('*/api/reseller/brand/logo', () => {
        uploads += 1;
        return HttpResponse.json(brand({ logoUrl: '/api/brands/acme/logo?v=1' }));
      }),
      http.delete('*/api/reseller/brand/logo', () => HttpResponse.json(brand())),
    );
    const { user } = renderAt('/reseller?tab=brand');
    const input = await screen.findByLabelText('Logo file', {}, SLOW);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(RESELLER_MESSAGES.logoSize)).toBeInTheDocument();
    const text = new File(['not an image'], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [text] } });
    expect(await screen.findByText(RESELLER_MESSAGES.logoType)).toBeInTheDocument();
    expect(uploads).toBe(0);

    const png = new File([new Uint8Array([...PNG_HEAD, 0, 0, 0, 0])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText('Logo saved')).toBeInTheDocument();
    expect(uploads).toBe(1);
    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument());
  });
});

describe('the Catalogue tab', { timeout: 30_000 }, () => {
  it('opens purchases with a price per kind, leaving an empty kind unsold, and shows the server’s message', async () => {
    signedInReseller({ clients: [] });
    const put = bodies();
    let reply = () => HttpResponse.json({ message: RESELLER_MESSAGES.pricePerGb, fields: { pricePerGb: RESELLER_MESSAGES.pricePerGb } }, { status: 422 });
    server.use(
      http.get('*/api/reseller/catalogue', () =>
        HttpResponse.json({ clientPurchases: false, prices: [{ type: 'premium', pricePerGb: null, costPerGb: 2.4 }, { type: 'budget', pricePerGb: 1.5, costPerGb: null }] }),
      ),
      http.put('*/api/reseller/catalogue', async ({ request }) => {
        await put.record(request);
        return reply();
      }),
    );
    const { user } = renderAt('/reseller?tab=catalogue');
    const premium = await screen.findByLabelText('Premium Residential, $ per GB', {}, SLOW);
    expect(screen.getByText('Costs you $2.40 per GB.')).toBeInTheDocument();
    expect(screen.getByText('The shop sells none now.')).toBeInTheDocument();
    const budget = screen.getByLabelText('Budget Residential, $ per GB');
    await waitFor(() => expect(budget).toHaveValue('1.50'));
    const toggle = screen.getByRole('switch', { name: 'Clients may buy from you' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    await user.type(premium, '3.999');
    await user.click(screen.getByRole('button', { name: 'Save catalogue' }));
    expect(await screen.findByText(RESELLER_MESSAGES.pricePerGb, { selector: 'p' })).toBeInTheDocument();
    expect(put.seen).toEqual([]);

    await user.clear(premium);
    await user.type(premium, '4');
    await user.clear(budget);
    await user.click(screen.getByRole('button', { name: 'Save catalogue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESELLER_MESSAGES.pricePerGb);
    expect(put.seen).toEqual([{ clientPurchases: true, prices: [{ type: 'premium', pricePerGb: 4 }] }]);

    reply = () => HttpResponse.json({ clientPurchases: true, prices: [{ type: 'premium', pricePerGb: 4, costPerGb: 2.4 }, { type: 'budget', pricePerGb: null, costPerGb: null }] });
    await user.click(screen.getByRole('button', { name: 'Save catalogue' }));
    expect(await screen.findByText('Catalogue saved')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Clients may buy from you' })).toHaveAttribute('aria-checked', 'true');
  });
});
