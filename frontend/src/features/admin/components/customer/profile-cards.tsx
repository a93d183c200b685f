// A customer's profile, balance and traffic per kind.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { formatGb, when } from '../../format';
import type { AdminUserDetail, TrafficRow } from '../../types';
import { kindName } from '../../kinds';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

export function ProfileCard({ user }: { user: AdminUserDetail }) {
  return (
    <Card title="Profile">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Item label="Name">{user.name || '—'}</Item>
        <Item label="Email">{user.email}</Item>
        {user.pendingEmail && <Item label="Moving to (not confirmed)">{user.pendingEmail}</Item>}
        <Item label="Phone">{user.phone ?? '—'}</Item>
        <Item label="Customer id">#{user.id}</Item>
        <Item label="Referral code">{user.refCode}</Item>
        <Item label="Proxy username">
          <code className="text-xs">{user.proxyUsername}</code>
        </Item>
        <Item label="Referred by">
          {user.referrer ? (
            <Link to={`/admin/customers/${user.referrer.id}`} className="tap-target text-brand-700 hover:underline dark:text-brand-300">
              {user.referrer.email}
            </Link>
          ) : (
            '—'
          )}
        </Item>
        <Item label="Customers referred">{user.referredCount}</Item>
        <Item label="Joined">{when(user.createdAt)}</Item>
        <Item label="Last sign-in">{when(user.lastLoginAt, 'never')}</Item>
      </dl>
    </Card>
  );
}

export function BalanceTrafficCard({ balance, traffic }: { balance: number; traffic: TrafficRow[] }) {
  return (
    <Card title="Balance and traffic">
      <p className="text-sm text-slate-600 dark:text-slate-400">Balance</p>
      <p className="text-3xl font-bold tabular-nums" data-testid="customer-balance">
        {formatMoney(balance)}
      </p>
      <ul className="mt-5 space-y-4">
        {traffic.map((row) => {
          const share = row.purchased > 0 ? Math.min(100, (row.used / row.purchased) * 100) : 0;
          return (
            <li key={row.type}>
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold">{kindName(row.type)}</span>
                <span className="tabular-nums">{formatGb(row.available)} available</span>
              </div>
              <div className="mt-1.5 h-2 rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden="true">
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {formatGb(row.used)} used of {formatGb(row.purchased)} · {row.expiresAt ? `expires ${when(row.expiresAt)}` : 'no expiry'}
              </p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
