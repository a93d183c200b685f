// /admin/customers: every account, newest first, searchable (email, name, ref code, proxy username
// or id), filtered by role and state, paged; with a CSV export of the same filter.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import { DownloadIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { formatMoney } from '@/lib/format';
import { usersCsvUrl, usersQueryOptions } from '../api/get-users';
import { AdminHeader } from '../components/admin-header';
import { AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { FilterSelect, SearchBox, Toolbar } from '../components/list-controls';
import { useListParams } from '../components/use-list-params';
import { PER_PAGE, when } from '../format';
import type { UsersFilter } from '../types';

const COLUMNS = ['Customer', 'Role', { label: 'Balance', align: 'right' as const }, 'State', 'Joined', 'Last sign-in'];

export default function CustomersPage() {
  const { values, page, set, setPage } = useListParams(['q', 'role', 'disabled'] as const);
  const filter: UsersFilter = {
    q: values.q,
    role: values.role === 'admin' || values.role === 'user' ? values.role : '',
    disabled: values.disabled === 'true' || values.disabled === 'false' ? values.disabled : '',
    page,
    perPage: PER_PAGE,
  };
  const users = useQuery(usersQueryOptions(filter));
  const data = users.data;

  return (
    <>
      <AdminHeader
        title="Customers"
        crumbs={[{ label: 'Customers' }]}
        actions={
          <a href={usersCsvUrl(filter)} download="customers.csv" className={buttonClasses('outline', 'sm')}>
            <DownloadIcon className="h-4 w-4" /> Export CSV
          </a>
        }
      />
      <Card>
        <Toolbar>
          <SearchBox label="Search" value={values.q} placeholder="Email, name, ref code, proxy username or id" onSearch={(text) => set('q', text)} />
          <FilterSelect label="Role" value={filter.role} options={[{ value: 'user', label: 'Customers' }, { value: 'admin', label: 'Admins' }]} onChange={(value) => set('role', value)} />
          <FilterSelect label="State" value={filter.disabled} options={[{ value: 'false', label: 'Active' }, { value: 'true', label: 'Disabled' }]} onChange={(value) => set('disabled', value)} />
        </Toolbar>
        <AdminTable
          label="Customers"
          columns={COLUMNS}
          loading={users.isPending}
          failed={users.isError && !data}
          empty={data?.items.length === 0}
          emptyText="No customers match."
          paging={data && { page, perPage: PER_PAGE, total: data.total, onChange: setPage }}
        >
          {data?.items.map((user) => (
            <tr key={user.id}>
              <td className={CELL}>
                <Link to={`/admin/customers/${user.id}`} className="tap-target font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {user.email}
                </Link>
                <span className={`block text-xs ${MUTED}`}>
                  #{user.id}
                  {user.name ? ` · ${user.name}` : ''}
                </span>
              </td>
              <td className={CELL}>{user.role === 'admin' ? <Badge tone="brand">admin</Badge> : 'user'}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatMoney(user.balance)}</td>
              <td className={CELL}>{user.disabled ? <Badge tone="red">disabled</Badge> : <Badge tone="green">active</Badge>}</td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(user.createdAt)}</td>
              <td className={`${CELL} whitespace-nowrap ${MUTED}`}>{when(user.lastLoginAt, 'never')}</td>
            </tr>
          ))}
        </AdminTable>
      </Card>
    </>
  );
}
