import { importMessages, type ImportSkusPlan } from '@stocksync/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

type ImportSkusProps = {
  skus: ImportSkusPlan;
  /** The seller's opt-in: send the generated SKUs to the channel (write_back_skus). */
  writeBack: boolean;
  onWriteBackChange: (writeBack: boolean) => void;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the import does about SKUs (the dry run's `skus`), with the opt-in to send them. */
export function ImportSkus({ skus, writeBack, onWriteBackChange }: ImportSkusProps) {
  if (!skus.auto_create) return <p className="text-sm text-muted-foreground">{skus.reason}</p>;
  // eBay items always carry their SKU (the item's key): said, so that none generated is no surprise.
  if (skus.generate === 0)
    return <p className="text-sm text-muted-foreground">{importMessages.skusNoneMissing}</p>;
  return (
    <section aria-label="SKUs" className="grid gap-2 rounded-md border p-3 text-sm">
      <p>
        {plural(skus.generate, 'imported variant has', 'imported variants have')} no SKU and will
        get one from your SKU settings.
      </p>
      <div className="flex items-center gap-2">
        <Checkbox
          id="import-write-back"
          checked={writeBack}
          onCheckedChange={(checked) => onWriteBackChange(checked === true)}
        />
        <Label htmlFor="import-write-back">Send the new SKUs to this channel</Label>
      </div>
      {writeBack ? (
        <ul className="grid gap-1 text-muted-foreground">
          {skus.push > 0 ? (
            <li>
              {plural(skus.push, 'listing gets its', 'listings get their')} new SKU after the
              import; each result shows in the activity log.
            </li>
          ) : null}
          {skus.refused > 0 ? (
            <li>
              {plural(skus.refused, 'listing is', 'listings are')} not sent: {skus.reason}
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
