// The reply to the reporter: a message mailed inside the case's template (an open case becomes
// answered).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { TextArea } from '@/components/ui/text-area';
import { z } from '@/lib/zod';
import { notify } from '@/lib/toast';
import { useReplyToReporter } from '../../api/abuse';
import { showServerError } from '../server-errors';
import { ABUSE_MESSAGE } from './case-format';

const replySchema = z.object({ message: z.string().trim().min(10, ABUSE_MESSAGE).max(5000, ABUSE_MESSAGE) });
type ReplyValues = z.infer<typeof replySchema>;

export function ReplyCard({ caseId, reporter, closed }: { caseId: number; reporter: string; closed: boolean }) {
  const reply = useReplyToReporter();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<ReplyValues>({ resolver: zodResolver(replySchema), defaultValues: { message: '' } });
  const onSubmit = handleSubmit(({ message }) =>
    reply.mutate(
      { id: caseId, message: message.trim() },
      {
        onSuccess: () => {
          notify.success(`Reply sent to ${reporter}`);
          reset({ message: '' });
        },
        onError: (error) => showServerError(error, setError, ['message']),
      },
    ),
  );
  return (
    <Card title="Reply to the reporter">
      {closed ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">The case is closed; reopen it to reply.</p>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
          <TextArea label={`Message to ${reporter}`} rows={4} error={errors.message?.message} {...register('message')} />
          <Button type="submit" size="sm" busy={reply.isPending}>
            Send reply
          </Button>
        </form>
      )}
    </Card>
  );
}
