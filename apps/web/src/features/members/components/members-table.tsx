import { invitableRoles, type Member, type Role } from '@stocksync/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { Permission } from '@/lib/roles';
import { toastAction } from './toast-action';
import { useChangeRole, useRemoveMember, useTransferOwnership } from '../api/members-api';

type MembersTableProps = {
  orgId: string;
  members: Member[];
  myId: string;
  myRole: Role;
  canManage: Permission;
  onLeave: () => void;
};

/** The organisation's members; admins change roles and remove, the owner hands over. */
export function MembersTable({
  orgId,
  members,
  myId,
  myRole,
  canManage,
  onLeave,
}: MembersTableProps) {
  const changeRole = useChangeRole(orgId);
  const remove = useRemoveMember(orgId);
  const transfer = useTransferOwnership(orgId);

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Member</TableHead>
          <TableHead>Role</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => {
          const isOwner = member.role === 'owner';
          const isMe = member.user_id === myId;
          return (
            <TableRow key={member.user_id}>
              <TableCell className="font-medium">
                {member.email}
                {isMe ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
              </TableCell>
              <TableCell>
                {isOwner || !canManage.allowed ? (
                  <Badge variant={isOwner ? 'default' : 'secondary'}>{member.role}</Badge>
                ) : (
                  <NativeSelect
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => {
                      const role = event.target.value as Role;
                      void toastAction(
                        () => changeRole.mutateAsync({ userId: member.user_id, role }),
                        `${member.email} is now ${role === 'admin' ? 'an' : 'a'} ${role}`,
                      );
                    }}
                  >
                    {invitableRoles.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </TableCell>
              <TableCell className="space-x-2 text-right">
                {myRole === 'owner' && !isMe ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={transfer.isPending}
                    onClick={() => {
                      if (!window.confirm(`Make ${member.email} the owner? You become an admin.`))
                        return;
                      void toastAction(
                        () => transfer.mutateAsync(member.user_id),
                        `${member.email} is the owner now`,
                      );
                    }}
                  >
                    Make owner
                  </Button>
                ) : null}
                {isMe && !isOwner ? (
                  <Button size="sm" variant="outline" onClick={onLeave}>
                    Leave
                  </Button>
                ) : null}
                {!isMe && !isOwner && canManage.allowed ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending}
                    onClick={() =>
                      void toastAction(
                        () => remove.mutateAsync(member.user_id),
                        `${member.email} was removed`,
                      )
                    }
                  >
                    Remove
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
