import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toastAction } from './toast-action';
import { useInvitations, useInvite, useRevokeInvitation } from '../api/members-api';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Open invitations: resend (a new link replaces the old) or revoke. */
export function InvitationsList({ orgId }: { orgId: string }) {
  const { data, isError, error } = useInvitations(orgId, true);
  const resend = useInvite(orgId);
  const revoke = useRevokeInvitation(orgId);
  const invitations = data?.invitations ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pending invitations</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? <p className="text-sm text-destructive">{error.message}</p> : null}
        {!isError && invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitations waiting.</p>
        ) : null}
        <ul className="divide-y" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
              <span className="min-w-0 flex-1 truncate font-medium">{invitation.email}</span>
              <Badge variant="secondary">{invitation.role}</Badge>
              <span className="text-xs text-muted-foreground">
                {invitation.expired
                  ? 'Expired'
                  : `Expires ${dateFormat.format(new Date(invitation.expires_at))}`}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                onClick={() =>
                  void toastAction(
                    () => resend.mutateAsync({ email: invitation.email, role: invitation.role }),
                    `Invitation sent again to ${invitation.email}`,
                  )
                }
              >
                Resend
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={revoke.isPending}
                onClick={() =>
                  void toastAction(() => revoke.mutateAsync(invitation.id), 'Invitation revoked')
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
