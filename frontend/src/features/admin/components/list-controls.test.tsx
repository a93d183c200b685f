import { fireEvent, render, screen } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './list-controls';

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies what was typed once typing pauses', () => {
    const onSearch = vi.fn();
    render(<SearchBox label="Search" value="" onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' ops@example.com ' } });
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ops@example.com');
  });

  // A result clicked within the delay takes the focus first: the search must not apply after
  // the click and take the page back to the list.
  it('applies what was typed at once when it loses focus, and not again later', () => {
    const onSearch = vi.fn();
    render(<SearchBox label="Search" value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'ops@example.com' } });
    fireEvent.blur(box);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ops@example.com');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).toHaveBeenCalledOnce();
  });
});
