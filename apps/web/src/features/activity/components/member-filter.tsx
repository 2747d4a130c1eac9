import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMembers } from '@/features/members';

/** Narrows the activity list to one member's entries (issue 24). */
export function MemberFilter({
  orgId,
  value,
  onChange,
}: {
  orgId: string;
  value: string | undefined;
  onChange: (member: string | undefined) => void;
}) {
  const { data } = useMembers(orgId);
  return (
    <div className="mb-4 flex items-center gap-2">
      <Label htmlFor="activity-member">Member</Label>
      <NativeSelect
        id="activity-member"
        className="w-auto"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">Everyone</option>
        {(data?.members ?? []).map((member) => (
          <option key={member.user_id} value={member.user_id}>
            {member.email}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
