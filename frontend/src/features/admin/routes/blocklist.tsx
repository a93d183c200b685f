// /admin/blocklist: the destinations every customer is refused (docs/admin-api/blocklist.md):
// the operator's rules with their kinds, reason and state (pause, resume, delete), the category
// files the configuration loads, and Block a destination.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import { PROXY_KINDS, kindName } from '@/lib/kinds';
import { notify } from '@/lib/toast';
import { blocklistQueryOptions, categoriesQueryOptions, useChangeRule, useDeleteRule, type BlocklistRule } from '../api/blocklist';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { AddRuleDialog } from '../components/blocklist/add-dialog';

const PER_PAGE = 50;
const COLUMNS = ['Destination', 'Proxy types', 'Reason', 'State', { label: 'Actions', align: 'right' as const }];

function kindsText(kinds: BlocklistRule['kinds']): string {
  return kinds.length === PROXY_KINDS.length ? 'All' : kinds.map(kindName).join(', ');
}

function Categories() {
  const policy = useQuery(categoriesQueryOptions);
  const categories = policy.data?.categories ?? [];
  return (
    <p className={`mb-4 text-sm ${MUTED}`}>
      {categories.length === 0
        ? 'No category files are loaded (PROXYSHOP_BLOCKLIST_FILES). '
        : `Category files, for every proxy type: ${categories.map((c) => `${c.name} (${c.patterns.toLocaleString('en-US')})`).join(', ')}. `}
      Internal addresses and destination ports {policy.data?.refusedPorts.join(', ') || '(none)'} are always refused.
    </p>
  );
}

export default function BlocklistPage() {
  const [page, setPage] = useState(1);
  const rules = useQuery(blocklistQueryOptions(page));
  const change = useChangeRule();
  const remove = useDeleteRule();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BlocklistRule | null>(null);
  const data = rules.data;

  const toggle = (rule: BlocklistRule) =>
    change.mutate(
      { id: rule.id, active: !rule.active },
      {
        onSuccess: (row) => notify.success(`${row.pattern} is ${row.active ? 'enforced' : 'paused'}`),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  const confirmDelete = (rule: BlocklistRule) =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        notify.success(`${rule.pattern} is no longer blocked`);
        setDeleting(null);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <>
      <AdminHeader
        title="Blocked destinations"
        crumbs={[{ label: 'Blocklist' }]}
        actions={
          <Button size="sm" onClick={() => setAdding(true)}>
            <PlusIcon className="h-4 w-4" /> Block a destination
          </Button>
        }
      />
      <Card>
        <Categories />
        <AdminTable
          label="Blocked destinations"
          columns={COLUMNS}
          loading={rules.isPending}
          failed={rules.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No destination is blocked by a rule."
          minWidth="min-w-[720px]"
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((rule) => (
            <tr key={rule.id}>
              <td className={CELL}>
                <code className="text-sm">{rule.pattern}</code>
              </td>
              <td className={CELL}>{kindsText(rule.kinds)}</td>
              <td className={`${CELL} max-w-64 break-words`}>{rule.reason}</td>
              <td className={CELL}>{rule.active ? <Badge tone="green">enforced</Badge> : <Badge tone="grey">paused</Badge>}</td>
              <td className={ACTIONS}>
                <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => toggle(rule)} aria-label={`${rule.active ? 'Pause' : 'Resume'} ${rule.pattern}`}>
                  {rule.active ? 'Pause' : 'Resume'}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(rule)} aria-label={`Delete ${rule.pattern}`}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {adding && <AddRuleDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete rule"
        description={deleting ? `Customers may reach ${deleting.pattern} again.` : undefined}
        action="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </>
  );
}
