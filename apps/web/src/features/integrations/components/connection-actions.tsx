import { useState } from 'react';
import { RefreshCw, Unplug } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { channelName } from '@/lib/channels';
import { useCan } from '@/lib/roles';
import { useDisconnectPlatform } from '../api/disconnect-platform';
import { useReconnect } from '../api/reconnect';
import { useToggleSync } from '../api/toggle-sync';
import type { ConnectionRef, PlatformConnection } from '../api/types';

type ConnectionProps = { orgId: string; connection: ConnectionRef };

/** Restarts the channel's authorisation for a connection that needs it. */
export function ReconnectButton({
  orgId,
  connection,
  variant = 'default',
}: ConnectionProps & { variant?: 'default' | 'outline' }) {
  const reconnect = useReconnect();
  const leaving = reconnect.isPending || reconnect.isSuccess;
  // Connecting (again) is for admins and the owner; the title says so to the others.
  const can = useCan('postV1PlatformsShopify');
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={leaving || !can.allowed}
      title={can.reason || undefined}
      aria-label={`Reconnect ${connection.alias}`}
      onClick={() =>
        reconnect.mutate(
          { orgId, connection },
          { onError: (error) => toast.error(`Could not start reconnecting: ${error.message}`) },
        )
      }
    >
      {leaving ? <Spinner /> : <RefreshCw aria-hidden />}
      Reconnect
    </Button>
  );
}

/** Disconnect with a confirmation: imported products stay, their listings stop syncing. */
export function DisconnectButton({
  orgId,
  connection,
  onDisconnected,
}: ConnectionProps & { onDisconnected?: () => void }) {
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectPlatform();
  const can = useCan('deleteV1PlatformsById');
  // mutateAsync, not mutate's callbacks: the refetch after a disconnect can unmount this button
  // (the account screen hides it) before those callbacks would run, and the screen must still move on.
  const confirm = async () => {
    try {
      await disconnect.mutateAsync({ orgId, id: connection.id });
    } catch {
      return; // the hook's onError has shown the toast
    }
    setOpen(false);
    onDisconnected?.();
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-label={`Disconnect ${connection.alias}`}
        disabled={!can.allowed}
        title={can.reason || undefined}
        onClick={() => setOpen(true)}
      >
        <Unplug aria-hidden />
        Disconnect
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Disconnect {connection.alias}?</DialogTitle>
          <DialogDescription>
            stocksync will stop syncing stock with this {channelName(connection.platform)} account.
            Products you imported from it stay in your inventory. You can connect it again later.
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => void confirm()}
              disabled={disconnect.isPending}
            >
              {disconnect.isPending ? <Spinner /> : null}
              Disconnect
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Stock sync on or off for one connection (POST /v1/sync/toggle). */
export function SyncSwitch({
  orgId,
  orgName,
  connection,
}: {
  orgId: string;
  orgName: string;
  connection: PlatformConnection;
}) {
  const toggle = useToggleSync(orgName);
  // Members and up turn a connection's sync on or off; viewers are told so.
  const can = useCan('postV1SyncToggle');
  const id = `sync-${connection.id}`;
  return (
    <div className="flex items-center gap-2" title={can.reason || undefined}>
      <Switch
        id={id}
        checked={connection.sync_enabled}
        disabled={toggle.isPending || connection.status === 'disconnected' || !can.allowed}
        onCheckedChange={() => toggle.mutate({ orgId, pcId: connection.id })}
      />
      <label htmlFor={id} className="text-sm">
        Sync stock
        <span className="sr-only"> for {connection.alias}</span>
      </label>
    </div>
  );
}
