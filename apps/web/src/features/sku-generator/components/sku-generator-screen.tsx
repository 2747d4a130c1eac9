import { defaultSkuSettings, type SkuSettings } from '@stocksync/contract';
import { LoadError } from '@/components/layout/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { GateNotice } from '@/features/billing';
import { useSkuSettings } from '../api/get-sku-settings';
import { SkuSettingsForm } from './sku-settings-form';

export function SkuGeneratorScreen({ orgId, orgName }: { orgId: string; orgName: string }) {
  const { data, isPending, isError, error, refetch } = useSkuSettings(orgId);
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
              <LoadError
                subject="Your saved settings"
                error={`${error.message}. The defaults are shown; saving stores them.`}
                onRetry={() => void refetch()}
              />
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
