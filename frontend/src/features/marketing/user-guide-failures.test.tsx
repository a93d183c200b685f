// The user guide's "Failed connections" section: one anchored part per topic the Health tab's
// hints link to, and the page scrolls to the part a link names.
import { screen, within } from '@testing-library/react';
import { FAILURE_TOPICS, guideLink } from '@/lib/failure-reasons';
import { renderAt } from '@/test/render';

describe('user guide: failed connections', () => {
  it('has a part for every hint topic, at the anchor the Health tab links to', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      const { container } = renderAt(guideLink(FAILURE_TOPICS.destination.anchor));
      const section = (await screen.findByRole('heading', { name: 'Failed connections' }, { timeout: 10_000 })).closest('section')!;
      expect(section).toHaveAttribute('id', 'failed-connections');
      for (const topic of Object.values(FAILURE_TOPICS)) {
        const part = container.querySelector(`#${topic.anchor}`)!;
        expect(within(part as HTMLElement).getByRole('heading', { name: topic.title })).toBeInTheDocument();
      }
      expect(container.querySelector('#failed-destination')).toHaveTextContent('Shown as: Destination refused, Destination timed out, Host not found, No response');
      expect(container.querySelector('#failed-our-side')).toHaveTextContent('you were not charged');
      expect(container.querySelector('#failed-password')).toHaveTextContent('check the line you copied');
      expect(scrolled).toEqual(['failed-destination']);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });
});
