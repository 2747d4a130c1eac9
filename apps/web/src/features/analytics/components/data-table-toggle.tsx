import type { ReactNode } from 'react';

/** A chart's figures as a table, behind a disclosure (keyboard and screen-reader friendly). */
export function DataTableToggle({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="rounded-lg border">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        {label}
      </summary>
      <div className="overflow-x-auto px-1 pb-1">{children}</div>
    </details>
  );
}
