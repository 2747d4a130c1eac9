import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { ConnectionStatus } from '../api/types';

const STATUS: Record<
  ConnectionStatus,
  { label: string; variant: 'success' | 'warning' | 'outline' }
> = {
  active: { label: 'Connected', variant: 'success' },
  needs_reauth: { label: 'Needs reconnecting', variant: 'warning' },
  disconnected: { label: 'Disconnected', variant: 'outline' },
};

export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** Demo-mode accounts talk to the local emulators, not the real channel. */
export function SandboxBadge() {
  return (
    <Badge variant="info" title="A sandbox account on a local emulator, not a real store">
      <FlaskConical aria-hidden />
      Sandbox
    </Badge>
  );
}
