// /admin/coupons: every coupon, newest first, with its discount, what it applies to, its uses, the
// revenue of the purchases that used it and what it took off them; create and edit.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { plural } from '@/lib/plural';
import { couponsQueryOptions } from '../api/coupons';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { CouponFormDialog } from '../components/coupons/coupon-form';
import { when } from '../format';
import { kindName } from '../kinds';
import { PLAN_KINDS } from '../schemas';
import type { AdminCoupon } from '../types';

type Open = { coupon: AdminCoupon | null } | null;

const RIGHT = 'right' as const;
const COLUMNS = [
  'Code',
  'Discount',
  'Applies to',
  { label: 'Uses', align: RIGHT },
  { label: 'Revenue', align: RIGHT },
  'Valid',
  'Status',
  { label: 'Actions', align: RIGHT },
];

/** "20%" or "$5.00". */
function discountText(coupon: AdminCoupon): string {
  return coupon.percentOff != null ? `${coupon.percentOff}%` : formatMoney(coupon.amountOff ?? 0);
}

/** The kinds by name, in the shop's order; "All" when the coupon names none. */
function appliesTo(coupon: AdminCoupon): string {
  const kinds = PLAN_KINDS.filter((kind) => coupon.kinds.includes(kind));
  return kinds.length ? kinds.map(kindName).join(', ') : 'All';
}

function validWindow(coupon: AdminCoupon): string {
  const { validFrom, validUntil } = coupon;
  if (validFrom && validUntil) return `${when(validFrom)} – ${when(validUntil)}`;
  if (validFrom) return `From ${when(validFrom)}`;
  if (validUntil) return `Until ${when(validUntil)}`;
  return 'Always';
}

/** The limits beside the code: per customer, first purchase, minimum spend. */
function rules(coupon: AdminCoupon): string {
  return [
    `${coupon.maxUsesPerCustomer} per customer`,
    coupon.firstPurchaseOnly ? 'first purchase only' : null,
    coupon.minSpend != null ? `from ${formatMoney(coupon.minSpend)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export default function CouponsPage() {
  const coupons = useQuery(couponsQueryOptions);
  const [open, setOpen] = useState<Open>(null);
  const items = coupons.data?.items;

  return (
    <>
      <AdminHeader
        title="Coupons"
        crumbs={[{ label: 'Coupons' }]}
        actions={
          <Button size="sm" onClick={() => setOpen({ coupon: null })}>
            <PlusIcon className="h-4 w-4" /> New coupon
          </Button>
        }
      />
      <Card>
        <AdminTable
          label="Coupons"
          columns={COLUMNS}
          loading={coupons.isPending}
          failed={coupons.isError && !items}
          empty={items?.length === 0}
          emptyText="No coupons yet."
          minWidth="min-w-[860px]"
        >
          {items?.map((coupon) => (
            <tr key={coupon.id}>
              <td className={CELL}>
                <span className="font-mono font-medium">{coupon.code}</span>
                <span className={`block text-xs ${MUTED}`}>{rules(coupon)}</span>
              </td>
              <td className={`${CELL} tabular-nums`}>{discountText(coupon)}</td>
              <td className={CELL}>
                {appliesTo(coupon)}
                {coupon.planIds.length > 0 && (
                  <span className={`block text-xs ${MUTED}`}>
                    {plural(coupon.planIds.length, 'plan', 'plans')}: {coupon.planIds.map((id) => `#${id}`).join(', ')}
                  </span>
                )}
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{coupon.maxUses != null ? `${coupon.uses} / ${coupon.maxUses}` : coupon.uses}</td>
              <td className={`${CELL} text-right tabular-nums`}>
                {formatMoney(coupon.revenue)}
                <span className={`block text-xs ${MUTED}`}>{formatMoney(coupon.discountGiven)} discount given</span>
              </td>
              <td className={CELL}>{validWindow(coupon)}</td>
              <td className={CELL}>{coupon.active ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Off</Badge>}</td>
              <td className={ACTIONS}>
                <Button size="sm" variant="ghost" onClick={() => setOpen({ coupon })} aria-label={`Edit ${coupon.code}`}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {open && <CouponFormDialog coupon={open.coupon} onClose={() => setOpen(null)} />}
    </>
  );
}
