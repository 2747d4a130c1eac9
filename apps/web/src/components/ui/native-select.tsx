import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { fieldControlClass } from './input';

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldControlClass, 'bg-background pr-8', className)} {...props} />;
}
