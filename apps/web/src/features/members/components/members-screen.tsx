import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { LoadError } from '@/components/layout/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { membershipToastId } from '@/features/live-updates';
import type { Organization } from '@/lib/api-types';
import { permission } from '@/lib/roles';
import { setAccount, useSession } from '@/lib/session';
import { leaveOrganization, useMembers } from '../api/members-api';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';
import { ROLE_HINTS } from './role-hints';

/** Settings → Members (issue 24): who belongs, with which role; invitations for admins. */
export function MembersScreen({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const { account } = useSession();
  const { data, isPending, isError, error, refetch } = useMembers(organization.id);
  const canManage = permission(organization.role, 'patchV1OrganizationsByIdMembersByUserId');
  const canInvite = permission(organization.role, 'postV1OrganizationsByIdInvitations');

  const leave = async () => {
    if (!window.confirm(`Leave ${organization.name}? You will need a new invitation to come back.`))
      return;
    try {
      await leaveOrganization(organization.id);
      if (account)
        setAccount({ ...account, orgs: account.orgs.filter((o) => o.id !== organization.id) });
      // The live stream hears of it too: one toast either way.
      toast.success(`You left ${organization.name}`, { id: membershipToastId(organization.id) });
      await navigate({ to: '/', replace: true });
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'You could not leave');
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Members</CardTitle>
          <CardDescription>
            Your role here: <strong>{organization.role}</strong>. {ROLE_HINTS[organization.role]}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? <Spinner label="Loading members" /> : null}
          {isError ? (
            <LoadError subject="The members" error={error} onRetry={() => void refetch()} />
          ) : null}
          {data ? (
            <MembersTable
              orgId={organization.id}
              members={data.members}
              myId={account?.id ?? ''}
              myRole={organization.role}
              canManage={canManage}
              onLeave={() => void leave()}
            />
          ) : null}
          {!canManage.allowed ? (
            <p className="mt-3 text-sm text-muted-foreground">
              Changing roles and removing members: {canManage.reason.toLowerCase()}.
            </p>
          ) : null}
        </CardContent>
      </Card>
      {canInvite.allowed ? (
        <>
          <InviteForm orgId={organization.id} />
          <InvitationsList orgId={organization.id} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Inviting members: {canInvite.reason.toLowerCase()}.
        </p>
      )}
    </div>
  );
}
