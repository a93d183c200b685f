// Toasts sit below the sticky top bar and stack at most three (issue 10).
import { screen, waitFor } from '@testing-library/react';
import { notify } from '@/lib/toast';
import { renderAt } from '@/test/render';

describe('toaster', () => {
  it('starts below the 64 px top bar, on wide and narrow screens', async () => {
    renderAt('/no-such-page');
    notify.info('First');
    await screen.findByText('First');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(toaster.style.getPropertyValue('--offset-top')).toBe('72px');
    expect(toaster.style.getPropertyValue('--mobile-offset-top')).toBe('72px');
  });

  it('shows at most three toasts at once', async () => {
    renderAt('/no-such-page');
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five']) notify.error(text);
    await screen.findByText('Five');
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(5));
    const visible = Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast][data-visible="true"]')).map((toast) => toast.textContent);
    expect(visible).toHaveLength(3);
    expect(visible.join(' ')).toMatch(/Five.*Four.*Three/);
  });
});
