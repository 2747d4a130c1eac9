import { useState, type ReactNode } from 'react';
import { toast, type ExternalToast } from 'sonner';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type Parsed = { ok: true; value: number } | { ok: false; error: string; hint?: string };

type InlineNumberInputProps = {
  label: string;
  /** The saved value (from the cached product: it follows refetches while not being edited). */
  value: number;
  format: (value: number) => string;
  parse: (text: string) => Parsed;
  /**
   * Sends the value, with the saved value the field showed when editing began; a rejection's
   * message becomes the error toast; resolving `false` means it was not saved and the caller has
   * said why (no success toast).
   */
  save: (value: number, seen: number) => Promise<unknown>;
  successMessage: string;
  /** An action for the error toast (e.g. "Open billing" when the organisation is gated). */
  errorAction?: (error: unknown) => ExternalToast['action'];
  prefix?: ReactNode;
  inputMode: 'decimal' | 'numeric';
  className?: string;
  /** Set when the member's role may not change it (issue 24): read-only, saying why. */
  readOnlyReason?: string;
};

/**
 * Inline editing of a variant's number (spec §4, the Cost cell): on blur the value is sent only
 * when it differs from the saved one; Enter submits; Escape returns to the saved value; a value
 * that does not parse, or that the API refuses, shows an error toast and the saved value again.
 */
export function InlineNumberInput({
  label,
  value,
  format,
  parse,
  save,
  successMessage,
  errorAction,
  prefix,
  inputMode,
  className,
  readOnlyReason,
}: InlineNumberInputProps) {
  // null: not being edited, so the field shows the saved (or the sending) value.
  const [draft, setDraft] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  // The saved value when editing began: a change arriving while the seller types does not move it.
  const [seen, setSeen] = useState(value);
  const shown = draft ?? format(sending ?? value);

  const submit = () => {
    if (draft === null) return;
    setDraft(null);
    const parsed = parse(draft);
    if (!parsed.ok) {
      toast.error(parsed.error, parsed.hint ? { description: parsed.hint } : undefined);
      return;
    }
    if (parsed.value === seen) return;
    setSending(parsed.value);
    save(parsed.value, seen).then(
      (result) => {
        setSending(null);
        if (result !== false) toast.success(successMessage);
      },
      (error: unknown) => {
        setSending(null);
        toast.error(error instanceof Error ? error.message : String(error), {
          action: errorAction?.(error),
        });
      },
    );
  };

  return (
    <div className="flex items-center gap-1">
      {prefix}
      <Input
        aria-label={label}
        inputMode={inputMode}
        className={cn('h-8 text-right tabular-nums', className)}
        value={shown}
        readOnly={readOnlyReason !== undefined}
        title={readOnlyReason}
        aria-busy={sending !== null || undefined}
        onFocus={() => {
          setDraft(shown);
          setSeen(sending ?? value);
        }}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={submit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') setDraft(format(sending ?? value));
        }}
      />
    </div>
  );
}
