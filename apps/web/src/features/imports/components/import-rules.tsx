/** The re-import rules (ADR 0053), said where the seller chooses what to import. */
export function ImportRules({ channel }: { channel: string }) {
  return (
    <section aria-label="How importing works" className="rounded-lg border bg-card p-4 text-sm">
      <h2 className="mb-2 font-medium">How importing works</h2>
      <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
        <li>
          A product whose SKU is already in stocksync is linked to it, never duplicated. Products
          already imported from this account are marked <strong>Imported</strong>.
        </li>
        <li>
          A product keeps the title, variant names and prices of the channel it first came from,
          unless you pick another source on its page. Importing it from another channel links the
          listing and renames nothing.
        </li>
        <li>
          Stock follows only that source channel, and only while sync is off; each change is written
          in the product&apos;s stock history. With sync on, stocksync&apos;s quantity stays the
          truth and is sent to {channel}.
        </li>
        <li>
          You see what an import will change before it starts, and you can undo it for 7 days.
        </li>
      </ul>
    </section>
  );
}
