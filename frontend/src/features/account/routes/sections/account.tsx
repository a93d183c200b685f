// /onboard/settings/account: the profile (name, phone), photo, email and password.
import { useSession } from '@/lib/session';
import { EmailCard } from '../../components/email-card';
import { PasswordCard } from '../../components/password-card';
import { PhotoCard } from '../../components/photo-card';
import { ProfileCard } from '../../components/profile-card';

export default function AccountSection() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_2fr]">
      <div className="space-y-6">
        <PhotoCard user={user} />
      </div>
      <div className="min-w-0 space-y-6">
        <ProfileCard key={`${user.name}|${user.email}`} user={user} />
        <EmailCard user={user} />
        <PasswordCard user={user} />
      </div>
    </div>
  );
}
