// /onboard/settings: profile and password form. Saving arrives with the account-settings issue;
// until then the fields show the current values and Save is disabled.
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { displayName, useSession } from '@/lib/session';
import { Avatar } from '../components/avatar';
import { Card, PageHeader } from '@/components/ui/page-parts';

export default function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Settings" />
      <form onSubmit={(event) => event.preventDefault()} className="grid gap-6 xl:grid-cols-[1fr_2fr]">
        <Card title="Profile photo">
          <div className="flex items-center gap-4">
            <Avatar user={user} size={72} />
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled>
                Delete
              </Button>
              <Button size="sm" disabled>
                Update
              </Button>
            </div>
          </div>
        </Card>
        <Card title="Account">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Full name" defaultValue={displayName(user)} autoComplete="name" />
            <Field label="Phone" type="tel" autoComplete="tel" placeholder="+1 555 000 0000" />
            <Field label="Email" type="email" defaultValue={user.email} readOnly className="sm:col-span-2" />
            <Field label="Current password" type="password" autoComplete="current-password" className="sm:col-span-2" />
            <Field label="New password" type="password" autoComplete="new-password" />
            <Field label="Confirm password" type="password" autoComplete="new-password" />
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Saving profile changes will be available soon.</p>
          <div className="mt-4 flex justify-end gap-3">
            <Button variant="outline" type="reset">
              Cancel
            </Button>
            <Button type="submit" disabled>
              Save
            </Button>
          </div>
        </Card>
      </form>
    </>
  );
}
