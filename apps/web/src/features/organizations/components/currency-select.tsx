import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { CURRENCIES } from '@/lib/api-types';
import { CURRENCY_LABELS } from '../schemas';

export function CurrencySelect(props: ComponentProps<typeof NativeSelect>) {
  return (
    <NativeSelect {...props}>
      <option value="" disabled>
        Select a currency
      </option>
      {CURRENCIES.map((currency) => (
        <option key={currency} value={currency}>
          {CURRENCY_LABELS[currency]}
        </option>
      ))}
    </NativeSelect>
  );
}
