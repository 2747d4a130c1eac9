import { Spinner } from '@/components/ui/spinner';

export function PageSpinner() {
  return (
    <div className="flex min-h-40 items-center justify-center p-6">
      <Spinner className="size-6 text-muted-foreground" />
    </div>
  );
}
