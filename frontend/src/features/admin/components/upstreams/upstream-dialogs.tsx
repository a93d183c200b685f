// A pool's test (one probe now through it: the exit IP and the time, or what failed) and its
// removal (deleted when it never carried traffic, deactivated otherwise: the server decides).
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDeleteUpstream, useTestUpstream } from '../../api/upstreams';
import type { UpstreamPool } from '../../types';
import { Badge } from '../badge';
import { ConfirmStep } from '../confirm-step';

export function UpstreamTestDialog({ pool, onClose }: { pool: UpstreamPool; onClose: () => void }) {
  const probe = useTestUpstream();
  const started = useRef(false);
  const { mutate } = probe;
  useEffect(() => {
    // One probe per opening (a re-render or a strict-mode double effect must not probe twice).
    if (started.current) return;
    started.current = true;
    mutate(pool.id);
  }, [mutate, pool.id]);
  const answer = probe.data;
  return (
    <Dialog open onClose={onClose} title={`Test "${pool.name}"`} description="One request to the check URL through this pool; its outcome counts like a probe's.">
      <div aria-live="polite" className="space-y-3 text-sm">
        {probe.isPending && <p>Probing through the pool…</p>}
        {probe.isError && <p className="text-red-700 dark:text-red-400">{errorMessage(probe.error)}</p>}
        {answer?.ok && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Result</dt>
            <dd>
              <Badge tone="green">working</Badge>
            </dd>
            <dt className="font-medium">Exit IP</dt>
            <dd className="font-mono">{answer.exitIp}</dd>
            <dt className="font-medium">Time</dt>
            <dd className="tabular-nums">{answer.latencyMs} ms</dd>
          </dl>
        )}
        {answer && !answer.ok && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Result</dt>
            <dd>
              <Badge tone="red">failed</Badge>
            </dd>
            <dt className="font-medium">Error</dt>
            <dd>{answer.error}</dd>
            <dt className="font-medium">State</dt>
            <dd>{answer.up ? 'Still up (three failures in a row mark it down)' : 'Down: new connections skip it until a probe succeeds'}</dd>
          </dl>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="outline" disabled={probe.isPending} onClick={() => probe.mutate(pool.id)}>
            Test again
          </Button>
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    </Dialog>
  );
}

export function UpstreamRemoveDialog({ pool, onClose }: { pool: UpstreamPool; onClose: () => void }) {
  const remove = useDeleteUpstream();
  const carried = pool.carriedBytes > 0;
  const confirm = () =>
    remove.mutate(pool.id, {
      onSuccess: (answer) => {
        notify.success(answer.deleted ? `Pool "${pool.name}" deleted` : `Pool "${pool.name}" deactivated: it carried traffic`);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  const statement = carried
    ? `"${pool.name}" carried traffic, so it is kept for the records and deactivated: new connections stop using it.`
    : `Delete "${pool.name}"? It never carried traffic; new connections stop using it at once.`;
  return (
    <Dialog open onClose={onClose} title={carried ? 'Deactivate pool' : 'Delete pool'}>
      <ConfirmStep statement={statement} confirmLabel={carried ? 'Deactivate' : 'Delete'} danger busy={remove.isPending} onBack={onClose} onConfirm={confirm} />
    </Dialog>
  );
}
