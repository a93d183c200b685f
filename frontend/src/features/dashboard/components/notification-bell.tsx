// The bell in the top bar: the unread count as a badge, and a panel with the newest
// notifications (alerts, renewals, credited payments, delivered orders). Opening the panel marks
// what it shows as read; Escape or a click outside closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '@/components/ui/icons';
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import { NOTIFICATIONS_POLL_MS, useMarkNotificationsRead, useNotifications } from '../api/notifications';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data, refetch } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  useEffect(() => {
    const timer = globalThis.setInterval(() => void refetch(), NOTIFICATIONS_POLL_MS);
    return () => globalThis.clearInterval(timer);
  }, [refetch]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function toggle() {
    const next = !open;
    setOpen(next);
    const shownUnread = items.filter((n) => !n.read).map((n) => n.id);
    if (next && shownUnread.length > 0) markRead.mutate(shownUnread);
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2 className="text-sm font-semibold">Notifications</h2>
            {items.some((n) => !n.read) && (
              <button
                type="button"
                onClick={() => markRead.mutate(undefined)}
                className="tap-target text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                Mark all read
              </button>
            )}
          </header>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">No notifications yet.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.map((n) => (
                <li key={n.id} className="px-4 py-3">
                  <p className="flex items-start gap-2 text-sm font-medium">
                    {!n.read && <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" />}
                    <span>{n.title}</span>
                  </p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{n.body}</p>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-500">{formatDateTime(fromUnixSeconds(n.createdAt))}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
