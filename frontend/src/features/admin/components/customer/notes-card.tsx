// Operators' notes on a customer: the newest first, paged, each with its author and time; a form
// adds one (1–1000 characters, line breaks kept).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { notify } from '@/lib/toast';
import { NOTES_PER_PAGE, notesQueryOptions, useAddNote } from '../../api/customer-care';
import { when } from '../../format';
import { NOTE_MAX, noteSchema, type NoteValues } from '../../schemas';
import { MUTED } from '../admin-table';
import { showServerError } from '../server-errors';
import { TextArea } from '@/components/ui/text-area';

export function NotesCard({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const notes = useQuery(notesQueryOptions(userId, page));
  const mutation = useAddNote();
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<NoteValues>({
    resolver: zodResolver(noteSchema),
    defaultValues: { text: '' },
  });
  const data = notes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTES_PER_PAGE)) : 1;

  const add = (values: NoteValues) =>
    mutation.mutate(
      { id: userId, text: values.text },
      {
        onSuccess: () => {
          notify.success('Note added');
          reset({ text: '' });
          setPage(1);
        },
        onError: (error) => showServerError(error, setError, ['text']),
      },
    );

  return (
    <Card title="Notes">
      <form noValidate onSubmit={(event) => void handleSubmit(add)(event)} className="space-y-3">
        <TextArea label="New note" hint={`Only operators see notes. At most ${NOTE_MAX} characters.`} error={errors.text?.message} {...register('text')} />
        <div className="flex justify-end">
          <Button type="submit" size="sm" busy={mutation.isPending}>
            Add note
          </Button>
        </div>
      </form>
      {notes.isError && !data && <p className="mt-4 text-sm text-red-700 dark:text-red-400">Could not load the notes.</p>}
      {data && data.items.length === 0 && <p className={`mt-4 text-sm ${MUTED}`}>No notes yet.</p>}
      {data && data.items.length > 0 && (
        <ol aria-label="Notes" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {data.items.map((note) => (
            <li key={note.id} className="py-3">
              <p className="text-sm break-words whitespace-pre-line">{note.text}</p>
              <p className={`mt-1 text-xs ${MUTED}`}>
                {note.authorEmail} · {when(note.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {data && pages > 1 && (
        <div className="mt-3 flex items-center justify-end gap-3 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className={MUTED}>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </Card>
  );
}
