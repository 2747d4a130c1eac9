import { ScanSearch } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useReconcile } from '../api/reconcile';

type CheckStockButtonProps = { orgId: string; orgName: string; pcId: string };

/** Reads the account's channel quantities now and repairs drift (reconciliation on demand). */
export function CheckStockButton({ orgId, orgName, pcId }: CheckStockButtonProps) {
  const check = useReconcile(orgName);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={check.isPending}
      onClick={() => check.mutate({ orgId, pc_id: pcId })}
    >
      {check.isPending ? <Spinner /> : <ScanSearch aria-hidden />}
      Check stock now
    </Button>
  );
}
