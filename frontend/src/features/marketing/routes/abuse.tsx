// /abuse: the public abuse report form. It says how far back attribution reaches (the records kept,
// PROXYSHOP_USAGE_RECORDS_DAYS), files the report and shows the case number it was given.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextArea } from '@/components/ui/text-area';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { notify } from '@/lib/toast';
import { abuseReportSchema, toInstant, type AbuseReportValues } from '../abuse-schema';
import { abuseTermsQueryOptions, useFileAbuseReport } from '../api/abuse-report';
import { ContentPage, ProseSection } from '../components/content-page';

const FIELDS = ['reporterEmail', 'destination', 'port', 'from', 'to', 'description', 'evidence'] as const;
const EMPTY: AbuseReportValues = { reporterEmail: '', destination: '', port: '', from: '', to: '', description: '', evidence: '' };

function Reach() {
  const terms = useQuery(abuseTermsQueryOptions);
  const days = terms.data?.daysKept;
  return (
    <p>
      We keep a record of every proxy connection {days ? <strong>for {days} days</strong> : 'for a limited time'}: a report about traffic older than that
      cannot be traced to a customer. Name a window of at most {terms.data?.maxWindowHours ?? 24} hours around what you saw.
    </p>
  );
}

function Filed({ id, email, onAnother }: { id: number; email: string; onAnother: () => void }) {
  return (
    <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950/40">
      <h2 className="text-lg font-semibold">Report #{id} received</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        A confirmation with the case number is on its way to <strong className="wrap-anywhere">{email}</strong>. Our operators match the destination and times
        against the connection records and write to you from this case.
      </p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onAnother}>
        Report something else
      </Button>
    </div>
  );
}

export default function AbusePage() {
  const file = useFileAbuseReport();
  const [filed, setFiled] = useState<{ id: number; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AbuseReportValues>({ resolver: zodResolver(abuseReportSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) =>
    file.mutate(
      {
        reporterEmail: values.reporterEmail,
        destination: values.destination,
        port: values.port ? Number(values.port) : null,
        from: toInstant(values.from) ?? '',
        to: toInstant(values.to) ?? '',
        description: values.description,
        evidence: values.evidence || null,
      },
      {
        onSuccess: (data) => setFiled({ id: data.id, email: values.reporterEmail.trim() }),
        onError: (error) => {
          applyFieldErrors(error, FIELDS, setError);
          notify.error(errorMessage(error));
        },
      },
    ),
  );

  return (
    <ContentPage
      eyebrow="Abuse desk"
      title="Report abuse"
      intro="Did traffic from our proxies harm your site or network? Tell us where and when, and we will find the customer who sent it."
    >
      <ProseSection title="How reports are handled">
        <Reach />
        <p>
          Every report becomes a case. An operator checks it against the records and may warn the customer, suspend the credential used, block your destination
          for them or close their account, as our <Link to="/acceptable-use">acceptable use policy</Link> says.
        </p>
      </ProseSection>
      <section className="mt-10" aria-labelledby="abuse-form-title">
        <h2 id="abuse-form-title" className="text-xl font-bold tracking-tight">
          Your report
        </h2>
        {filed ? (
          <div className="mt-4">
            <Filed
              id={filed.id}
              email={filed.email}
              onAnother={() => {
                setFiled(null);
                reset(EMPTY);
              }}
            />
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field
              className="sm:col-span-2"
              label="Your email"
              type="email"
              autoComplete="email"
              placeholder="abuse@your-company.example"
              error={errors.reporterEmail?.message}
              {...register('reporterEmail')}
            />
            <Field label="Destination (host or IP)" placeholder="login.example.com or 203.0.113.7" error={errors.destination?.message} {...register('destination')} />
            <Field label="Port (optional)" inputMode="numeric" placeholder="443" error={errors.port?.message} {...register('port')} />
            <Field label="From (your local time)" type="datetime-local" step={1} error={errors.from?.message} {...register('from')} />
            <Field label="To (your local time)" type="datetime-local" step={1} error={errors.to?.message} {...register('to')} />
            <TextArea
              className="sm:col-span-2"
              label="What happened"
              rows={5}
              placeholder="What the traffic did, how much of it, and what it cost you."
              error={errors.description?.message}
              {...register('description')}
            />
            <TextArea
              className="sm:col-span-2"
              label="Evidence (optional)"
              rows={4}
              mono
              hint="Log lines or headers; leave out anything private."
              error={errors.evidence?.message}
              {...register('evidence')}
            />
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" busy={file.isPending}>
                Send report
              </Button>
            </div>
          </form>
        )}
      </section>
    </ContentPage>
  );
}
