import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { invitableRoles, type InvitableRole } from '@stocksync/contract';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useInvite } from '../api/members-api';
import { ROLE_HINTS } from './role-hints';

/** Invite an address by e-mail: it gets a single-use link valid for 7 days. */
export function InviteForm({ orgId }: { orgId: string }) {
  const invite = useInvite(orgId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await invite.mutateAsync({ email, role });
      toast.success(`Invitation sent to ${email}`);
      setEmail('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The invitation could not be sent');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite a member</CardTitle>
        <CardDescription>{ROLE_HINTS[role]}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="grid min-w-56 flex-1 gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'invite-error' : undefined}
              required
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <NativeSelect
              id="invite-role"
              value={role}
              onChange={(event) => setRole(event.target.value as InvitableRole)}
            >
              {invitableRoles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={invite.isPending || !email}>
            {invite.isPending ? <Spinner /> : null}
            Send invitation
          </Button>
        </form>
        {error ? (
          <p id="invite-error" role="alert" className="mt-2 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
