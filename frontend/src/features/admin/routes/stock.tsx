// /admin/stock: the piece stock entries by kind and country; add an entry, edit capacity and state.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { stockQueryOptions } from '../api/get-stock';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { FilterSelect, SearchBox, Toolbar } from '../components/list-controls';
import { StockCreateDialog, StockEditDialog } from '../components/stock/stock-forms';
import { useListParams } from '../components/use-list-params';
import { STOCK_KINDS } from '../schemas';
import type { StockItem } from '../types';
import { kindName } from '../kinds';

const COLUMNS = ['Entry', 'Location', 'ISP', { label: 'Capacity', align: 'right' as const }, { label: 'Sold', align: 'right' as const }, { label: 'Available', align: 'right' as const }, 'State', { label: 'Actions', align: 'right' as const }];
type StockKind = (typeof STOCK_KINDS)[number];

export default function StockPage() {
  const { values, set } = useListParams(['type', 'country'] as const);
  const type = (STOCK_KINDS as readonly string[]).includes(values.type) ? (values.type as StockKind) : '';
  const stock = useQuery(stockQueryOptions({ type, country: values.country }));
  const [editing, setEditing] = useState<StockItem | null>(null);
  const [adding, setAdding] = useState(false);
  const items = stock.data?.items;

  return (
    <>
      <AdminHeader
        title="Stock"
        crumbs={[{ label: 'Stock' }]}
        actions={
          <Button size="sm" onClick={() => setAdding(true)}>
            <PlusIcon className="h-4 w-4" /> Add entry
          </Button>
        }
      />
      <Card>
        <Toolbar>
          <FilterSelect label="Kind" value={type} options={STOCK_KINDS.map((kind) => ({ value: kind, label: kindName(kind) }))} onChange={(value) => set('type', value)} />
          <SearchBox label="Country" value={values.country} placeholder="US" onSearch={(text) => set('country', text)} />
        </Toolbar>
        <AdminTable label="Stock entries" columns={COLUMNS} loading={stock.isPending} failed={stock.isError && !items} empty={items?.length === 0} emptyText="No stock entries match." minWidth="min-w-[860px]">
          {items?.map((item) => (
            <tr key={item.id}>
              <td className={CELL}>
                <span className="font-medium">{kindName(item.type)}</span>
                <span className={`block text-xs ${MUTED}`}>
                  #{item.id}
                  {item.code ? ` · ${item.code}` : ''}
                  {item.connType ? ` · ${item.connType}` : ''}
                </span>
              </td>
              <td className={CELL}>
                {item.country.toUpperCase()}
                {item.city ? <span className={`block text-xs ${MUTED}`}>{item.city}</span> : null}
              </td>
              <td className={CELL}>
                {item.ispName ?? item.isp ?? '—'}
                {item.ip ? <code className={`block text-xs ${MUTED}`}>{item.ip}</code> : null}
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{item.capacity}</td>
              <td className={`${CELL} text-right tabular-nums`}>{item.sold}</td>
              <td className={`${CELL} text-right tabular-nums`}>{item.available}</td>
              <td className={CELL}>{item.active ? <Badge tone="green">active</Badge> : <Badge tone="grey">inactive</Badge>}</td>
              <td className={ACTIONS}>
                <Button size="sm" variant="ghost" onClick={() => setEditing(item)} aria-label={`Edit stock entry ${item.id}`}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {adding && <StockCreateDialog defaultType={type || undefined} onClose={() => setAdding(false)} />}
      {editing && <StockEditDialog item={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
