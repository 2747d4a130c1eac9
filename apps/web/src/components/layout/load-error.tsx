import { useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type LoadErrorProps = {
  /** What failed to load, as the subject of "… could not be loaded": "The activity". */
  subject: string;
  /** Replaces the "could not be loaded" title when the failure has a more precise name. */
  title?: string;
  /** The failure: an Error's message (or the text given) is shown to the seller. */
  error?: unknown;
  /** Shows a "Try again" button that calls it. */
  onRetry?: () => void;
  /** Other ways out, after "Try again". */
  actions?: ReactNode;
  /** A screen that is nothing but this error makes the title its h1. */
  titleAs?: 'h1' | 'p';
  /** One line inside a section, a table row or a dialog instead of a bordered block. */
  inline?: boolean;
  className?: string;
};

/** The one way the app says that data could not be loaded and offers to load it again. */
export function LoadError({
  subject,
  title = `${subject} could not be loaded`,
  error,
  onRetry,
  actions,
  titleAs: Title = 'p',
  inline = false,
  className,
}: LoadErrorProps) {
  const titleId = useId();
  const message = messageOf(error);
  const retry = onRetry ? (
    <Button variant="outline" size="sm" onClick={onRetry}>
      Try again
    </Button>
  ) : null;

  if (inline) {
    return (
      <div
        role="alert"
        aria-labelledby={titleId}
        className={cn('flex flex-wrap items-center gap-3 text-sm', className)}
      >
        <span className="text-destructive">
          <span id={titleId}>{title}</span>
          {message ? `: ${message}` : null}
        </span>
        {retry}
        {actions}
      </div>
    );
  }
  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      className={cn('grid justify-items-start gap-3 rounded-lg border p-6', className)}
    >
      <Title
        id={titleId}
        className={cn(
          'flex items-center gap-2 font-medium',
          Title === 'h1' && 'text-xl font-semibold',
        )}
      >
        <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
        {title}
      </Title>
      {message ? <p className="text-sm text-muted-foreground">{message}</p> : null}
      {retry || actions ? (
        <div className="flex flex-wrap gap-2">
          {retry}
          {actions}
        </div>
      ) : null}
    </div>
  );
}

function messageOf(error: unknown): string | undefined {
  if (error === undefined || error === null || error === '') return undefined;
  return error instanceof Error ? error.message : String(error);
}
