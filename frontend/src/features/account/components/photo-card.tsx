// The profile photo: Update opens the file picker, the chosen image shows as a preview until it is
// saved or dropped; Delete goes back to the initial. The type (by the file's first bytes, as the
// server judges) and the 2 MB limit are checked here first; the server's answer has the last word.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page-parts';
import { errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { avatarUrl } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDeleteAvatar, useUploadAvatar } from '../api/profile';
import { ACCOUNT_MESSAGES, AVATAR_MAX_BYTES } from '../schemas';
import { imageKind } from '@/lib/image-kind';

type Preview = { file: File; url: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

export function PhotoCard({ user }: { user: User }) {
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();
  const busy = upload.isPending || remove.isPending;

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    let message: string | null = null;
    if (file.size > AVATAR_MAX_BYTES) message = ACCOUNT_MESSAGES.imageSize;
    else if (!(await imageKind(file))) message = ACCOUNT_MESSAGES.imageType;
    if (message) {
      setPreview(null);
      setProblem(message);
      return;
    }
    try {
      setPreview({ file, url: await readAsDataUrl(file) });
    } catch {
      setProblem(ACCOUNT_MESSAGES.imageType);
    }
  }

  function onSave() {
    if (!preview) return;
    upload.mutate(preview.file, {
      onSuccess: (data) => {
        setPreview(null);
        notify.success(data.message);
      },
      onError: (error) => {
        setProblem(errorMessage(error));
        notify.error(errorMessage(error));
      },
    });
  }

  function onDelete() {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: (data) => notify.success(data.message),
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  return (
    <Card title="Profile photo">
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview.url} alt="Preview of the new photo" width={72} height={72} className="h-[72px] w-[72px] rounded-full object-cover" />
        ) : (
          <Avatar user={user} size={72} />
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a photo"
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => void onChoose(event)}
          />
          {preview ? (
            <>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => setPreview(null)}>
                Cancel
              </Button>
              <Button size="sm" busy={upload.isPending} onClick={onSave}>
                Save photo
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" size="sm" disabled={!avatarUrl(user) || busy} busy={remove.isPending} onClick={onDelete}>
                Delete
              </Button>
              <Button size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
                Update
              </Button>
            </>
          )}
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">PNG, JPEG or WebP, at most 2 MB. We crop it to a square.</p>
      {problem && (
        <p id={problemId} role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </Card>
  );
}
