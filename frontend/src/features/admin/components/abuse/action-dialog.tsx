// One action on the customer behind a case's record: warn (a message mailed and notified), suspend
// the credential that connected, block the destination for the customer, or disable the customer
// (each with a reason for the audit log); then a confirmation stating the change.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { TextArea } from '@/components/ui/text-area';
import { z } from '@/lib/zod';
import { notify } from '@/lib/toast';
import { useEnforce, useWarnCustomer, type AbuseMatch, type EnforceAction } from '../../api/abuse';
import { MESSAGES } from '../../schemas';
import { ConfirmStep, FormButtons } from '../confirm-step';
import { ABUSE_MESSAGE } from './case-format';
import { showServerError } from '../server-errors';

export type CaseAction = EnforceAction | 'warn';


const TITLES: Record<CaseAction, string> = {
  warn: 'Warn the customer',
  suspend: 'Suspend the credential',
  block: 'Block the destination for the customer',
  'disable-customer': 'Disable the customer',
};

function statement(action: CaseAction, record: AbuseMatch, destination: string): string {
  const who = record.email;
  switch (action) {
    case 'warn':
      return `Mail ${who} this warning and add it to their notifications.`;
    case 'suspend':
      return record.credentialKind === 'subuser'
        ? `Suspend ${who}'s sub-user ${record.credential}: it stops connecting on every node.`
        : `Replace ${who}'s main proxy password: the one that connected stops working at once.`;
    case 'block':
      return `Block ${destination} for ${who}.`;
    case 'disable-customer':
      return `Disable ${who}: their sessions end and every proxy connection is cut.`;
  }
}

const schemaFor = (action: CaseAction) =>
  z.object({
    text: action === 'warn' ? z.string().trim().min(10, ABUSE_MESSAGE).max(5000, ABUSE_MESSAGE) : z.string().trim().min(3, MESSAGES.reason).max(200, MESSAGES.reason),
  });
type Values = { text: string };

export function CaseActionDialog({ caseId, destination, action, record, onClose }: { caseId: number; destination: string; action: CaseAction; record: AbuseMatch; onClose: () => void }) {
  const warn = useWarnCustomer();
  const enforce = useEnforce();
  const [pending, setPending] = useState<Values | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<Values>({ resolver: zodResolver(schemaFor(action)), defaultValues: { text: '' } });
  const field = action === 'warn' ? 'message' : 'reason';

  const done = {
    onSuccess: () => {
      notify.success(`${TITLES[action]}: done`);
      onClose();
    },
    onError: (error: unknown) => {
      setPending(null);
      showServerError(error, setError, ['text']);
    },
  };
  const confirm = ({ text }: Values) =>
    action === 'warn'
      ? warn.mutate({ id: caseId, recordId: record.recordId, message: text.trim() }, done)
      : enforce.mutate({ id: caseId, action, recordId: record.recordId, reason: text.trim() }, done);

  return (
    <Dialog open onClose={onClose} title={TITLES[action]} description={`${record.email} · ${record.credential}`}>
      {pending ? (
        <ConfirmStep
          statement={statement(action, record, destination)}
          busy={warn.isPending || enforce.isPending}
          danger={action !== 'warn'}
          onBack={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(setPending)(event)} className="space-y-4">
          <TextArea label={field === 'message' ? 'Message to the customer' : 'Reason'} rows={field === 'message' ? 5 : 2} error={errors.text?.message} {...register('text')} />
          <FormButtons onCancel={onClose} submitLabel="Review" />
        </form>
      )}
    </Dialog>
  );
}
