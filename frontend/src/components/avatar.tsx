// The user's picture, or their initial on a coloured disc when there is none.
import { useState } from 'react';
import type { User } from '@/lib/api-types';
import { avatarUrl, displayName } from '@/lib/session';

export function Avatar({ user, size = 36 }: { user: User; size?: number }) {
  const url = avatarUrl(user);
  // remembers which URL failed, so that a new photo is tried again
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const name = displayName(user);
  const style = { width: size, height: size };
  if (url && url !== brokenUrl) {
    return <img src={url} alt="" style={style} className="rounded-full object-cover" onError={() => setBrokenUrl(url)} />;
  }
  return (
    <span style={style} aria-hidden="true" className="inline-flex items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white uppercase">
      {name.charAt(0)}
    </span>
  );
}
