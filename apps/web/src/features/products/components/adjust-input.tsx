import { useState } from 'react';
import { toast, type ExternalToast } from 'sonner';
import { Input } from '@/components/ui/input';
import { parseAdjustment } from '../quantity-edit';

type AdjustInputProps = {
  label: string;
  /** Sends the change; resolves false when it was refused and the caller said why. */
  adjust: (change: number) => Promise<boolean>;
  errorAction?: (error: unknown) => ExternalToast['action'];
};

/** "+/−": units to add ("+5", "5") or remove ("-2"), applied to the master as it is then. */
export function AdjustInput({ label, adjust, errorAction }: AdjustInputProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const submit = () => {
    if (text.trim() === '' || sending) return;
    const parsed = parseAdjustment(text);
    if (!parsed.ok) {
      toast.error(parsed.error);
      return;
    }
    setSending(true);
    adjust(parsed.value).then(
      (saved) => {
        setSending(false);
        if (!saved) return;
        setText('');
        toast.success('Updated quantity');
      },
      (error: unknown) => {
        setSending(false);
        toast.error(error instanceof Error ? error.message : String(error), {
          action: errorAction?.(error),
        });
      },
    );
  };

  return (
    <Input
      aria-label={label}
      placeholder="+/−"
      title="Add or remove units, e.g. +5 or -2 (Enter applies)"
      inputMode="numeric"
      className="h-8 w-16 text-right tabular-nums"
      value={text}
      aria-busy={sending || undefined}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') submit();
        if (event.key === 'Escape') setText('');
      }}
    />
  );
}
