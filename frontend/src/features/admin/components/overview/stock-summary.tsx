// Stock per piece kind: capacity, sold, available, and whether some entries run low.
import { Link } from 'react-router';
import type { StockSummary } from '../../types';
import { AdminTable, CELL } from '../admin-table';
import { Badge } from '../badge';
import { kindName } from '../../kinds';

const COLUMNS = ['Kind', { label: 'Capacity', align: 'right' as const }, { label: 'Sold', align: 'right' as const }, { label: 'Available', align: 'right' as const }, 'State'];

export function StockSummaryTable({ stock, threshold }: { stock: StockSummary[]; threshold: number }) {
  return (
    <AdminTable label="Stock per kind" columns={COLUMNS} loading={false} failed={false} empty={stock.length === 0} emptyText="No stock entries." minWidth="min-w-[520px]">
      {stock.map((row) => (
        <tr key={row.type}>
          <td className={CELL}>
            <Link to={`/admin/stock?type=${row.type}`} className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300">
              {kindName(row.type)}
            </Link>
          </td>
          <td className={`${CELL} text-right tabular-nums`}>{row.capacity}</td>
          <td className={`${CELL} text-right tabular-nums`}>{row.sold}</td>
          <td className={`${CELL} text-right tabular-nums`}>{row.available}</td>
          <td className={CELL}>{row.low ? <Badge tone="amber">{`${row.lowEntries} under ${threshold}`}</Badge> : <Badge tone="green">OK</Badge>}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
