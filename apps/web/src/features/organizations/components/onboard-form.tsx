import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showServerError } from '@/lib/form-errors';
import { useOnboard } from '../api/onboard';
import { onboardFormSchema, type OnboardFormValues } from '../schemas';
import { CurrencySelect } from './currency-select';

export function OnboardForm() {
  const navigate = useNavigate();
  const onboard = useOnboard();
  const form = useForm<OnboardFormValues>({
    resolver: zodResolver(onboardFormSchema),
    defaultValues: { organisation: '', currency: 'USD' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await onboard.mutateAsync(values);
      const name = user.orgs[0]?.name ?? values.organisation;
      await navigate({ to: '/$org/dashboard', params: { org: name }, replace: true });
    } catch (error) {
      showServerError(error, form.setError, ['organisation', 'currency'], {
        organizationName: 'organisation',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Set up your organisation</CardTitle>
        <CardDescription>
          Name the organisation you sell as and choose the currency for prices and costs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            id="organisation"
            label="Organisation name"
            error={errors.organisation?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                autoFocus
                autoComplete="organization"
                {...form.register('organisation')}
              />
            )}
          </FormField>
          <FormField id="currency" label="Currency" error={errors.currency?.message}>
            {(aria) => <CurrencySelect {...aria} {...form.register('currency')} />}
          </FormField>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            Continue
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
