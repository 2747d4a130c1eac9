import { Progress as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A Radix progress bar (role="progressbar" with aria-valuenow); label it with aria-label. */
export function Progress({
  className,
  value,
  ...props
}: ComponentProps<typeof Primitive.Root> & { value: number }) {
  return (
    <Primitive.Root
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      value={value}
      {...props}
    >
      <Primitive.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - Math.max(0, Math.min(100, value))}%)` }}
      />
    </Primitive.Root>
  );
}
