// "Why connections failed": each failure reason of the period with its count, what to do about
// it in a sentence, and a link to its section of the user guide; and, since a wrong password
// never reaches the record, where to look when the client says so.
import { Link } from 'react-router';
import { failureReason, FAILURE_TOPICS, guideLink } from '@/lib/failure-reasons';
import { pluralNoun } from '@/lib/plural';
import { reasonCounts } from '../traffic-health';
import { formatCount } from '../usage-records';

const link = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';

export function FailureHints({ byReason }: { byReason: Readonly<Record<string, number>> }) {
  const reasons = reasonCounts(byReason);
  const password = FAILURE_TOPICS.password;
  return (
    <div className="space-y-4 text-sm">
      {reasons.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No connection failed in this period.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="failure-hints">
          {reasons.map(([reason, count]) => {
            const { label, hint, topic } = failureReason(reason);
            return (
              <li key={reason} className="py-3 first:pt-0" data-reason={reason}>
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">{label}</span>
                  <span className="text-slate-600 tabular-nums dark:text-slate-300">
                    {formatCount(count)} {pluralNoun(count, 'connection', 'connections')}
                  </span>
                </p>
                <p className="mt-0.5 text-slate-700 dark:text-slate-300">{hint}</p>
                <Link to={guideLink(topic.anchor)} className={`tap-target ${link}`}>
                  User guide: {topic.title}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-slate-600 dark:text-slate-300">
        A wrong user name or password does not show here: the gateway cannot tell whose it was. If your client reports one, check the line you
        copied.{' '}
        <Link to={guideLink(password.anchor)} className={`py-1 ${link}`}>
          User guide: {password.title}
        </Link>
      </p>
    </div>
  );
}
