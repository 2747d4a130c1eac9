import { useState } from 'react';
import { useMutationState } from '@tanstack/react-query';
import { GatedNotice, isGatedError } from '../gating';
import { useGate } from '../api/get-gate';

type GateNoticeProps = {
  orgId: string;
  orgName: string;
  /** What this screen cannot do while gated, e.g. "Generating SKUs". */
  action: string;
};

/**
 * The server's latest 402 answer to a call this organisation made since the screen opened (any
 * mutation whose variables carry its orgId: generate SKUs, sync on, import).
 */
function useGatedRefusal(orgId: string): Error | undefined {
  const [since] = useState(() => Date.now());
  const refusals = useMutationState({
    filters: {
      status: 'error',
      predicate: (mutation) =>
        mutation.state.submittedAt >= since &&
        isGatedError(mutation.state.error) &&
        (mutation.state.variables as { orgId?: unknown } | undefined)?.orgId === orgId,
    },
    select: (mutation) => ({ at: mutation.state.submittedAt, error: mutation.state.error }),
  });
  const latest = refusals.reduce<(typeof refusals)[number] | undefined>(
    (newest, refusal) => (!newest || refusal.at > newest.at ? refusal : newest),
    undefined,
  );
  return latest?.error ?? undefined;
}

/**
 * Why a gated action is refused, with a link to billing. The flag only explains (the server
 * answers 402 either way); a 402 actually received is shown with the server's own reason.
 */
export function GateNotice({ orgId, orgName, action }: GateNoticeProps) {
  const gate = useGate(orgId);
  const refused = useGatedRefusal(orgId);
  if (refused) return <GatedNotice message={refused.message} orgName={orgName} />;
  if (!gate.data?.is_gated) return null;
  return (
    <GatedNotice
      message={`${action} needs an active subscription. Choose a plan to continue.`}
      orgName={orgName}
    />
  );
}
