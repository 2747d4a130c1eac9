import type { ReactNode } from 'react';
import { Boxes } from 'lucide-react';
import { ThemeToggle } from './theme-toggle';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <span className="flex items-center gap-2 font-semibold">
          <Boxes className="size-5" aria-hidden /> stocksync
        </span>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-12">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}
