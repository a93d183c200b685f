// Open an incident (title, first update, status, components) or post an update to one (text and
// new status). The server checks every field and answers each message next to its input.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from '@/lib/zod';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/lib/toast';
import { componentsQueryOptions, INCIDENT_STATUSES, useOpenIncident, useUpdateIncident } from '../../api/incidents';
import { FormButtons } from '../confirm-step';
import { showServerError } from '../server-errors';
import { TextArea } from '@/components/ui/text-area';

const INCIDENT_MESSAGES = {
  title: 'Title must be 3 to 200 characters',
  body: 'Body must be 1 to 5000 characters',
  components: 'Components must name at least one component of the status page',
} as const;

const schema = z.object({
  title: z.string().trim().min(3, INCIDENT_MESSAGES.title).max(200, INCIDENT_MESSAGES.title),
  body: z.string().trim().min(1, INCIDENT_MESSAGES.body).max(5000, INCIDENT_MESSAGES.body),
  status: z.enum(INCIDENT_STATUSES),
  components: z.array(z.string()).min(1, INCIDENT_MESSAGES.components),
});
type Values = z.infer<typeof schema>;

/** `incident` null: a new incident; otherwise an update of that one. */
export function IncidentDialog({ incident, onClose }: { incident: { id: number; title: string; status: string } | null; onClose: () => void }) {
  const components = useQuery(componentsQueryOptions);
  const open = useOpenIncident();
  const update = useUpdateIncident();
  const editing = incident !== null;
  const { register, handleSubmit, setError, formState: { errors } } = useForm<Values>({
    resolver: zodResolver(editing ? schema.omit({ title: true, components: true }) : schema) as never,
    defaultValues: { title: incident?.title ?? '', body: '', status: editing ? 'monitoring' : 'investigating', components: [] },
  });

  const submit = (values: Values) => {
    const done = {
      onSuccess: () => {
        notify.success(editing ? 'Update posted' : 'Incident opened');
        onClose();
      },
      onError: (error: unknown) => showServerError(error, setError, ['title', 'body', 'status', 'components']),
    };
    if (incident) update.mutate({ id: incident.id, body: { body: values.body.trim(), status: values.status } }, done);
    else open.mutate({ title: values.title.trim(), body: values.body.trim(), status: values.status, components: values.components }, done);
  };

  return (
    <Dialog open onClose={onClose} title={editing ? `Update: ${incident.title}` : 'Open an incident'} description="Shown on the public status page; customers with alerts on are told.">
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        {!editing && <Field label="Title" autoComplete="off" error={errors.title?.message} {...register('title')} />}
        <TextArea label={editing ? 'Update' : 'What is happening'} rows={4} error={errors.body?.message} {...register('body')} />
        <SelectField label="Status" error={errors.status?.message} {...register('status')}>
          {INCIDENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {!editing && (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Components</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {components.data?.map((c) => (
                <label key={c.id} className="flex min-h-6 items-center gap-2 text-sm">
                  <input type="checkbox" value={c.id} {...register('components')} />
                  {c.name}
                </label>
              ))}
            </div>
            {errors.components?.message && (
              <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                {errors.components.message}
              </p>
            )}
          </fieldset>
        )}
        <FormButtons onCancel={onClose} submitLabel={editing ? 'Post update' : 'Open incident'} busy={open.isPending || update.isPending} />
      </form>
    </Dialog>
  );
}
