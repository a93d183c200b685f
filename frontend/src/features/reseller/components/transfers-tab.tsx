// The Transfers tab: the ledger of every move of traffic between the reseller and its clients,
// newest first, then (once there is one) every proxy handed to a client or taken back. A deleted
// client's moves stay, under its number.
import { useState } from 'react';
import { Card } from '@/components/ui/page-parts';
import { DataTable, FullRow, NARROW_LAST, Pager, SkeletonRows, WIDE_ONLY, type Column } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useClients } from '../api/clients';
import { PIECE_MOVES_PER_PAGE, usePieceMoves } from '../api/pieces';
import { TRANSFERS_PER_PAGE, useTransfers } from '../api/transfers';
import { bytesText, MUTED, trafficKindName, whenText } from '../format';

// under 640 px: the client (with the time under its name) and the move
const COLUMNS: Column[] = [
  { label: 'When', wide: true },
  'Client',
  { label: 'Type', wide: true },
  { label: 'Move', align: 'right' },
  { label: 'Client’s traffic ends', wide: true },
  { label: 'By', wide: true },
];

const MOVE_COLUMNS: Column[] = [{ label: 'When', wide: true }, 'Client', { label: 'Move', align: 'right' }];

/** The proxies handed to clients and taken back: shown once there is one. */
function PieceMoves({ names }: { names: Map<number, string> }) {
  const [page, setPage] = useState(1);
  const moves = usePieceMoves(page);
  const data = moves.data;
  if (!data || data.total === 0) return null;
  return (
    <Card title="Proxy moves" className="mt-6">
      <DataTable label="Proxy moves" columns={MOVE_COLUMNS} minWidth="sm:min-w-[480px]">
        {data.items.map((move) => {
          const given = move.direction === 'assign';
          return (
            <tr key={move.id} data-testid="piece-move-row">
              <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{whenText(move.createdAt)}</td>
              <td className="py-3 pr-4 break-words">
                {names.get(move.clientId) ?? `Client #${move.clientId}`}
                <span className={cn('block text-xs sm:hidden', MUTED)}>{whenText(move.createdAt)}</span>
              </td>
              <td className="py-3 text-right whitespace-nowrap">
                <span className={given ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-800 dark:text-amber-300'}>
                  {given ? 'Given' : 'Taken back'} proxy #{move.pieceId}
                </span>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pager page={page} perPage={PIECE_MOVES_PER_PAGE} total={data.total} onChange={setPage} label="Proxy moves pages" />
    </Card>
  );
}

export function TransfersTab() {
  const [page, setPage] = useState(1);
  const transfers = useTransfers(page);
  // names for the ledger's client numbers (a client not on the first page shows its number)
  const clients = useClients(1);
  const names = new Map((clients.data?.items ?? []).map((client) => [client.id, client.name]));
  const data = transfers.data;
  return (
    <>
      <Card title="Transfers">
        <DataTable label="Transfers" columns={COLUMNS} minWidth="sm:min-w-[640px]">
          {transfers.isPending && <SkeletonRows columns={COLUMNS} rows={3} />}
          {transfers.isError && !data && (
            <FullRow columns={COLUMNS.length}>
              <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(transfers.error)}</p>
            </FullRow>
          )}
          {data && data.items.length === 0 && (
            <FullRow columns={COLUMNS.length}>
              <p className={cn('text-sm', MUTED)}>No moves yet: give a client GB from the Clients tab.</p>
            </FullRow>
          )}
          {data?.items.map((transfer) => {
            const given = transfer.direction === 'allocate';
            return (
              <tr key={transfer.id} data-testid="transfer-row">
                <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{whenText(transfer.createdAt)}</td>
                <td className="py-3 pr-4 break-words">
                  {names.get(transfer.clientId) ?? `Client #${transfer.clientId}`}
                  <span className={cn('block text-xs sm:hidden', MUTED)}>{whenText(transfer.createdAt)}</span>
                </td>
                <td className={cn('py-3 pr-4', WIDE_ONLY)}>{trafficKindName(transfer.type)}</td>
                <td className={cn('py-3 pr-4 text-right whitespace-nowrap tabular-nums', NARROW_LAST)}>
                  <span className={given ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-800 dark:text-amber-300'}>
                    {given ? 'Given ' : 'Taken back '}
                    {bytesText(transfer.bytes)}
                  </span>
                </td>
                <td className={cn('py-3 pr-4 whitespace-nowrap', WIDE_ONLY)}>{transfer.expiresAt ? whenText(transfer.expiresAt) : 'No end date'}</td>
                <td className={cn('py-3 whitespace-nowrap', WIDE_ONLY)}>{transfer.apiKeyId ? `API key #${transfer.apiKeyId}` : 'You'}</td>
              </tr>
            );
          })}
        </DataTable>
        {data && <Pager page={page} perPage={TRANSFERS_PER_PAGE} total={data.total} onChange={setPage} label="Transfers pages" />}
      </Card>
      <PieceMoves names={names} />
    </>
  );
}
