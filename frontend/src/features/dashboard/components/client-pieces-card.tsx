// "Your proxies" on a reseller's client's overview: the proxies its reseller handed it, each with
// its kind, location, whole line (copy) and expiry. Nothing at all while it holds none (or while
// the list cannot be read): most clients only use traffic.
import { useQuery } from '@tanstack/react-query';
import { HeldPieceList } from '@/components/held-piece-list';
import { Card } from '@/components/ui/page-parts';
import { clientPiecesQueryOptions } from '../api/client-pieces';

export function ClientPiecesCard() {
  const pieces = useQuery(clientPiecesQueryOptions);
  const items = pieces.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card title="Your proxies" className="mt-6">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">Each line is host:port:username:password.</p>
      <HeldPieceList pieces={items} label="Your proxies" />
    </Card>
  );
}
