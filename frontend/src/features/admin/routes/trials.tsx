// /admin/trials: today's networks (an IPv4 /24, an IPv6 /64) that reached their free-trial limit,
// had sign-ups refused a trial or were allowed more; Allow more opens the audited allowance for
// one of them, Allow a network for any other.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/page-parts';
import { trialNetworksQueryOptions } from '../api/trial-networks';
import { AdminHeader } from '../components/admin-header';
import { ACTIONS, AdminTable, CELL, MUTED } from '../components/admin-table';
import { Badge } from '../components/badge';
import { AllowTrialsDialog } from '../components/trials/allow-dialog';

const right = (label: string) => ({ label, align: 'right' as const });
const COLUMNS = ['Network', right('Trials'), right('Allowance'), right('Limit'), right('Refused'), 'State', right('Actions')];

export default function TrialsPage() {
  const networks = useQuery(trialNetworksQueryOptions);
  const [allowing, setAllowing] = useState<string | null>(null);
  const data = networks.data;

  return (
    <>
      <AdminHeader
        title="Free trials"
        crumbs={[{ label: 'Free trials' }]}
        actions={
          <Button size="sm" onClick={() => setAllowing('')}>
            <PlusIcon className="h-4 w-4" /> Allow a network
          </Button>
        }
      />
      <Card>
        <p className={`mb-4 text-sm ${MUTED}`}>
          {data
            ? `Today (${data.day}, UTC) each network gets ${data.perNetwork} free ${data.perNetwork === 1 ? 'trial' : 'trials'}, one per mailbox. Networks that reached their limit, had sign-ups refused or were allowed more:`
            : 'Networks that reached their free-trial limit today.'}
        </p>
        <AdminTable
          label="Networks at their trial limit"
          columns={COLUMNS}
          loading={networks.isPending}
          failed={networks.isError && !data}
          empty={data?.networks.length === 0}
          emptyText="No network has reached its limit today."
          minWidth="min-w-[720px]"
        >
          {data?.networks.map((row) => (
            <tr key={row.network}>
              <td className={CELL}>
                <code className="text-sm">{row.network}</code>
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{row.trials}</td>
              <td className={`${CELL} text-right tabular-nums`}>{row.allowance}</td>
              <td className={`${CELL} text-right tabular-nums`}>{row.limit}</td>
              <td className={`${CELL} text-right tabular-nums`}>{row.refused}</td>
              <td className={CELL}>{row.atLimit ? <Badge tone="amber">at limit</Badge> : <Badge tone="green">open</Badge>}</td>
              <td className={ACTIONS}>
                <Button size="sm" variant="ghost" onClick={() => setAllowing(row.network)} aria-label={`Allow more trials to ${row.network}`}>
                  Allow more
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {allowing !== null && <AllowTrialsDialog network={allowing} onClose={() => setAllowing(null)} />}
    </>
  );
}
