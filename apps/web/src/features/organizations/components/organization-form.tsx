import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { Organization } from '@/lib/api-types';
import { showServerError } from '@/lib/form-errors';
import { useUpdateOrganization } from '../api/update-organization';
import { thresholdOf } from '@/lib/stock-level';
import { organizationSettingsFormSchema, type OrganizationSettingsFormValues } from '../schemas';
import { CurrencySelect } from './currency-select';
import { permission } from '@/lib/roles';

export function OrganizationForm({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const update = useUpdateOrganization();
  const canChange = permission(organization.role, 'patchV1OrganizationsById');
  const form = useForm<OrganizationSettingsFormValues>({
    resolver: zodResolver(organizationSettingsFormSchema),
    values: {
      organizationName: organization.name,
      currency: organization.currency,
      low_stock_threshold: thresholdOf(organization),
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const org = await update.mutateAsync({ id: organization.id, values });
      toast.success('Organization updated');
      if (org.name !== organization.name) {
        await navigate({
          to: '/$org/settings/organization',
          params: { org: org.name },
          replace: true,
        });
      }
    } catch (error) {
      showServerError(error, form.setError, [
        'organizationName',
        'currency',
        'low_stock_threshold',
      ]);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization</CardTitle>
        <CardDescription>
          The name appears in your URLs; the currency is used for prices and costs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
          <FormField
            id="organizationName"
            label="Organization name"
            error={errors.organizationName?.message}
          >
            {(aria) => (
              <Input {...aria} autoComplete="organization" {...form.register('organizationName')} />
            )}
          </FormField>
          <FormField id="currency" label="Currency" error={errors.currency?.message}>
            {(aria) => <CurrencySelect {...aria} {...form.register('currency')} />}
          </FormField>
          <FormField
            id="low_stock_threshold"
            label="Low stock threshold"
            error={errors.low_stock_threshold?.message}
            description="A variant with this many or fewer units is marked Low stock; below 0 it is Oversold."
          >
            {(aria) => (
              <Input
                {...aria}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="w-32"
                {...form.register('low_stock_threshold', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <div>
            <Button
              type="submit"
              disabled={!canChange.allowed || isSubmitting || !isDirty}
              aria-describedby={canChange.allowed ? undefined : 'organization-role'}
            >
              {isSubmitting ? <Spinner /> : null}
              Save changes
            </Button>
            {canChange.allowed ? null : (
              <p id="organization-role" className="mt-2 text-sm text-muted-foreground">
                {canChange.reason}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
