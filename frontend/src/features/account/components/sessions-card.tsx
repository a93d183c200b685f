// Where the account is signed in: device, IP, created and last seen, this device marked; End one
// session or every other one.
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, fromUnixSeconds } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useEndOtherSessions, useEndSession, useSessions, type AccountSession } from '../api/sessions';

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const lastSeenAt = session.lastSeenAt ?? null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {session.device || 'Unknown device'}
          {session.current && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
              This device
            </span>
          )}
        </p>
        <p className="mt-0.5 text-slate-600 dark:text-slate-400">
          {session.ip ?? 'Unknown IP'} · Signed in {formatDateTime(fromUnixSeconds(session.createdAt))}
          {lastSeenAt !== null && ` · Last seen ${formatDateTime(fromUnixSeconds(lastSeenAt))}`}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          busy={end.isPending}
          aria-label={`End session on ${session.device || 'unknown device'}`}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: (data) => notify.success(data.message),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
        >
          End
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  // this device first, the others in the server's order (newest sign-in first)
  const items = [...(sessions.data?.items ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = items.filter((session) => !session.current).length;

  return (
    <Card
      title="Sessions"
      actions={
        others > 0 && (
          <Button
            variant="outline"
            size="sm"
            busy={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (data) => notify.success(data.message),
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            End all other sessions
          </Button>
        )
      }
    >
      {sessions.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : sessions.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(sessions.error)}</p>
      ) : (
        <ul aria-label="Signed-in sessions" className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}
