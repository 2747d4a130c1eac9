import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  skuCharacterSets,
  skuDelimiters,
  skuGenerationStrategies,
  skuSettingsSchema,
  skuTemplateTokensHelp,
  type SkuSettings,
} from '@stocksync/contract';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { showServerError } from '@/lib/form-errors';
import { useCan } from '@/lib/roles';
import { useSkuPreview } from '../api/preview-skus';
import { useUpdateSkuSettings } from '../api/update-sku-settings';
import { CHARACTER_SET_LABELS, DELIMITER_LABELS, STRATEGY_LABELS } from '../sku-options';
import { useDebouncedValue } from '../use-debounced-value';
import { SkuPreview } from './sku-preview';

const FIELDS = [
  'prefix',
  'suffix',
  'delimiter',
  'autoCreate',
  'generationStrategy',
  'skuTemplate',
  'skuLength',
  'characterSet',
  'customCharacters',
  'maxRetries',
] as const satisfies readonly (keyof SkuSettings)[];

const PREVIEW_DEBOUNCE_MS = 400;

/** The form validates with the same schema as the API, so both reject the same input. */
type SkuSettingsFormProps = {
  orgId: string;
  initial: SkuSettings;
  /** false when no stored settings could be read: the defaults shown can then be saved as they are. */
  stored: boolean;
};

export function SkuSettingsForm({ orgId, initial, stored }: SkuSettingsFormProps) {
  const update = useUpdateSkuSettings();
  const canSave = useCan('putV1UsersSkuSettings');
  const form = useForm<SkuSettings>({
    resolver: zodResolver(skuSettingsSchema),
    defaultValues: initial,
    mode: 'onChange',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const values = useWatch({ control: form.control }) as SkuSettings;
  const debounced = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  const parsed = skuSettingsSchema.safeParse(debounced);
  const preview = useSkuPreview(orgId, parsed.success ? parsed.data : null);

  const onSubmit = form.handleSubmit(async (settings) => {
    try {
      const saved = await update.mutateAsync({ orgId, settings });
      const { id: _id, ...rest } = saved;
      form.reset(rest);
      toast.success('SKU settings saved');
    } catch (error) {
      showServerError(error, form.setError, FIELDS);
    }
  });

  const strategy = values.generationStrategy;
  const numberOptions = { valueAsNumber: true } as const;
  // The template (and the custom characters) are checked against other fields: a change there
  // checks them again, so their message appears or goes at once rather than at the next edit.
  const templateDeps = { deps: 'skuTemplate' } as const;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <form onSubmit={onSubmit} noValidate className="grid max-w-xl content-start gap-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="prefix" label="Prefix" error={errors.prefix?.message}>
            {(aria) => (
              <Input {...aria} autoComplete="off" {...form.register('prefix', templateDeps)} />
            )}
          </FormField>
          <FormField id="delimiter" label="Delimiter" error={errors.delimiter?.message}>
            {(aria) => (
              <NativeSelect {...aria} {...form.register('delimiter')}>
                {skuDelimiters.map((delimiter) => (
                  <option key={delimiter} value={delimiter}>
                    {DELIMITER_LABELS[delimiter]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="suffix" label="Suffix" error={errors.suffix?.message}>
            {(aria) => (
              <Input {...aria} autoComplete="off" {...form.register('suffix', templateDeps)} />
            )}
          </FormField>
        </div>

        <FormField
          id="generationStrategy"
          label="Generation strategy"
          description={STRATEGY_LABELS[strategy]?.help}
          error={errors.generationStrategy?.message}
        >
          {(aria) => (
            <NativeSelect {...aria} {...form.register('generationStrategy', templateDeps)}>
              {skuGenerationStrategies.map((option) => (
                <option key={option} value={option}>
                  {STRATEGY_LABELS[option].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>

        {strategy === 'TEMPLATE' ? (
          <FormField
            id="skuTemplate"
            label="Template"
            description={`Text and tokens: ${skuTemplateTokensHelp}. n is a length, e.g. {TITLE:3}-{OPTION1:2}-{SEQ:4}.`}
            error={errors.skuTemplate?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                autoComplete="off"
                className="font-mono"
                placeholder="{TITLE:3}-{OPTION1:2}-{SEQ:4}"
                {...form.register('skuTemplate')}
              />
            )}
          </FormField>
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="skuLength"
            label="SKU length"
            description="1 to 50 characters between prefix and suffix."
            error={errors.skuLength?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                type="number"
                min={1}
                max={50}
                {...form.register('skuLength', { ...numberOptions, ...templateDeps })}
              />
            )}
          </FormField>
          <FormField
            id="maxRetries"
            label="Max retries"
            description="Attempts (1 to 10) when a SKU is already taken."
            error={errors.maxRetries?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                type="number"
                min={1}
                max={10}
                {...form.register('maxRetries', numberOptions)}
              />
            )}
          </FormField>
        </div>

        <FormField id="characterSet" label="Character set" error={errors.characterSet?.message}>
          {(aria) => (
            <NativeSelect
              {...aria}
              {...form.register('characterSet', { deps: 'customCharacters' })}
            >
              {skuCharacterSets.map((option) => (
                <option key={option} value={option}>
                  {CHARACTER_SET_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>

        {values.characterSet === 'CUSTOM' ? (
          <FormField
            id="customCharacters"
            label="Custom characters"
            description="Each character once, no spaces; letters ignore case."
            error={errors.customCharacters?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                autoComplete="off"
                className="font-mono"
                {...form.register('customCharacters')}
              />
            )}
          </FormField>
        ) : null}

        <div className="flex items-start gap-3 rounded-lg border p-4">
          <Controller
            control={form.control}
            name="autoCreate"
            render={({ field }) => (
              <Switch
                id="autoCreate"
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby="autoCreate-description"
              />
            )}
          />
          <div className="grid gap-1">
            <Label htmlFor="autoCreate">Create SKUs automatically</Label>
            <p id="autoCreate-description" className="text-sm text-muted-foreground">
              Imported variants without a SKU get one with these settings.
            </p>
          </div>
        </div>

        <div>
          <Button
            type="submit"
            disabled={!canSave.allowed || isSubmitting || (stored && !isDirty)}
            aria-describedby={canSave.allowed ? undefined : 'sku-settings-role'}
          >
            {isSubmitting ? <Spinner /> : null}
            Save settings
          </Button>
          {canSave.allowed ? null : (
            <p id="sku-settings-role" className="mt-2 text-sm text-muted-foreground">
              {canSave.reason}
            </p>
          )}
        </div>
      </form>
      <SkuPreview
        previews={preview.data}
        loading={preview.isFetching}
        invalid={!parsed.success}
        error={preview.isError ? preview.error : null}
      />
    </div>
  );
}
