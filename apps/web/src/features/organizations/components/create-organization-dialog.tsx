import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showServerError } from '@/lib/form-errors';
import { useCreateOrganization } from '../api/create-organization';
import { organizationFormSchema, type OrganizationFormValues } from '../schemas';
import { CurrencySelect } from './currency-select';

type CreateOrganizationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function CreateOrganizationDialog({ open, onOpenChange }: CreateOrganizationDialogProps) {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const form = useForm<OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema),
    defaultValues: { organizationName: '', currency: 'USD' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const org = await create.mutateAsync(values);
      toast.success(`Created ${org.name}`);
      form.reset();
      onOpenChange(false);
      await navigate({ to: '/$org/dashboard', params: { org: org.name } });
    } catch (error) {
      showServerError(error, form.setError, ['organizationName', 'currency']);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <div className="grid gap-1.5">
          <DialogTitle>Create organisation</DialogTitle>
          <DialogDescription>
            Each organisation has its own channels, catalogue and subscription.
          </DialogDescription>
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            id="new-organizationName"
            label="Organization name"
            error={errors.organizationName?.message}
          >
            {(aria) => <Input {...aria} autoFocus {...form.register('organizationName')} />}
          </FormField>
          <FormField id="new-currency" label="Currency" error={errors.currency?.message}>
            {(aria) => <CurrencySelect {...aria} {...form.register('currency')} />}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              Create
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
