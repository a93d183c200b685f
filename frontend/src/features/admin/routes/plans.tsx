// /admin/plans: every plan per kind, inactive ones too, with the number of volume prices of a traffic
// plan; create, edit, (de)activate, delete.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { Tabs } from '@/components/ui/tabs';
import { panelId, tabId } from '@/components/ui/tab-ids';
import { formatMoney } from '@/lib/format';
import type { ProxyKind } from '@/lib/kinds';
import { plansQueryOptions } from '../api/get-plans';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { PlanFormDialog } from '../components/plans/plan-form';
import { PlanActiveDialog, PlanRemoveDialog } from '../components/plans/plan-remove-dialog';
import { useListParams } from '../components/use-list-params';
import { PLAN_KINDS } from '../schemas';
import type { AdminPlan } from '../types';
import { kindName } from '../kinds';
import { plural } from '@/lib/plural';

type Open = { kind: 'form'; plan: AdminPlan | null } | { kind: 'remove' | 'active'; plan: AdminPlan } | null;
const TABS = PLAN_KINDS.map((kind) => ({ value: kind, label: kindName(kind) }));
const COLUMNS = ['Plan', { label: 'Price', align: 'right' as const }, 'Amount', 'Validity', 'State', { label: 'Sold', align: 'right' as const }, { label: 'Sort', align: 'right' as const }, { label: 'Actions', align: 'right' as const }];

export default function PlansPage() {
  const { values, set } = useListParams(['type'] as const);
  const type: ProxyKind = (PLAN_KINDS as readonly string[]).includes(values.type) ? (values.type as ProxyKind) : 'premium';
  const plans = useQuery(plansQueryOptions(type));
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const items = plans.data?.items;

  return (
    <>
      <AdminHeader
        title="Plans"
        crumbs={[{ label: 'Plans' }]}
        actions={
          <Button size="sm" onClick={() => setOpen({ kind: 'form', plan: null })}>
            <PlusIcon className="h-4 w-4" /> New plan
          </Button>
        }
      />
      <Tabs label="Plan kind" items={TABS} value={type} onChange={(value) => set('type', value)} idPrefix="admin-plans" size="sm" className="mb-4" />
      <Card>
        <div id={panelId('admin-plans', type)} role="tabpanel" aria-labelledby={tabId('admin-plans', type)}>
          <AdminTable label={`${kindName(type)} plans`} columns={COLUMNS} loading={plans.isPending} failed={plans.isError && !items} empty={items?.length === 0} emptyText="No plans of this kind yet." minWidth="min-w-[820px]">
            {items?.map((plan) => (
              <tr key={plan.id}>
                <td className={CELL}>
                  <span className="font-medium">{plan.name}</span>
                  {plan.tag && (
                    <span className="ml-2">
                      <Badge tone="brand">{plan.tag}</Badge>
                    </span>
                  )}
                  <span className={`block text-xs ${MUTED}`}>
                    #{plan.id}
                    {plan.regions.length > 0 ? ` · ${plan.regions.join(', ')}` : ''}
                  </span>
                </td>
                <td className={`${CELL} text-right tabular-nums`}>
                  {formatMoney(plan.price)}
                  {plan.tiers.length > 0 && <span className={`block text-xs ${MUTED}`}>{plural(plan.tiers.length, 'volume price', 'volume prices')}</span>}
                </td>
                <td className={CELL}>{plan.type === 'premium' || plan.type === 'budget' ? `${plan.amount} GB` : plural(plan.amount, 'piece', 'pieces')}</td>
                <td className={CELL}>{plural(plan.validityDays, 'day', 'days')}</td>
                <td className={CELL}>{plan.active ? <Badge tone="green">active</Badge> : <Badge tone="grey">inactive</Badge>}</td>
                <td className={`${CELL} text-right tabular-nums`}>{plan.sold}</td>
                <td className={`${CELL} text-right tabular-nums`}>{plan.sort}</td>
                <td className={ACTIONS}>
                  <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'form', plan })} aria-label={`Edit ${plan.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'active', plan })} aria-label={`${plan.active ? 'Deactivate' : 'Activate'} ${plan.name}`}>
                    {plan.active ? 'Deactivate' : 'Activate'}
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setOpen({ kind: 'remove', plan })} aria-label={`Delete ${plan.name}`}>
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      </Card>
      {open?.kind === 'form' && <PlanFormDialog plan={open.plan} defaultType={type} onClose={close} />}
      {open?.kind === 'remove' && <PlanRemoveDialog plan={open.plan} onClose={close} />}
      {open?.kind === 'active' && <PlanActiveDialog plan={open.plan} onClose={close} />}
    </>
  );
}
