import { renderHook } from '@testing-library/react';
import { useDebouncedCallback } from './use-debounced-callback';

describe('useDebouncedCallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the last call once the calls pause', () => {
    const seen = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(seen, 300));
    result.current('a');
    result.current('ab');
    vi.advanceTimersByTime(299);
    expect(seen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(seen).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('flush runs a pending call at once and only once', () => {
    const seen = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(seen, 300));
    result.current('abc');
    result.current.flush();
    expect(seen).toHaveBeenCalledExactlyOnceWith('abc');
    vi.advanceTimersByTime(1000);
    result.current.flush();
    expect(seen).toHaveBeenCalledOnce();
  });

  it('drops a pending call when the component goes away, flushed or not', () => {
    const seen = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(seen, 300));
    result.current('abc');
    const { flush } = result.current;
    unmount();
    flush();
    vi.advanceTimersByTime(1000);
    expect(seen).not.toHaveBeenCalled();
  });
});
