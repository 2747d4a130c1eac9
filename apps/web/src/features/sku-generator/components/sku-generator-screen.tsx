import { defaultSkuSettings, type SkuSettings } from '@stocksync/contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { GateNotice } from '@/features/billing/components/gate-notice';
import { useSkuSettings } from '../api/get-sku-settings';
import { SkuSettingsForm } from './sku-settings-form';

export function SkuGeneratorScreen({ orgId, orgName }: { orgId: string; orgName: string }) {
  const { data, isPending, isError, error } = useSkuSettings(orgId);
  let initial: SkuSettings = defaultSkuSettings;
  if (data) {
    const { id: _id, ...settings } = data;
    initial = settings;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>SKU generator</CardTitle>
        <CardDescription>
          How new SKUs are built when you generate them from the inventory or when imports create
          them. Existing SKUs are never overwritten.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <GateNotice orgId={orgId} orgName={orgName} action="Generating SKUs from the inventory" />
        {isPending ? (
          <div className="flex min-h-24 items-center justify-center">
            <Spinner className="size-6 text-muted-foreground" label="Loading SKU settings" />
          </div>
        ) : (
          <>
            {isError ? (
              <p
                role="alert"
                className="rounded-md border border-amber-600/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200"
              >
                Your saved settings could not be loaded ({error.message}). The defaults are shown;
                saving stores them.
              </p>
            ) : null}
            <SkuSettingsForm
              key={data?.id ?? 'defaults'}
              orgId={orgId}
              initial={initial}
              stored={Boolean(data)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
