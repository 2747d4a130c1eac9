import { useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Boxes, Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SideNav } from './side-nav';
import { ThemeToggle } from './theme-toggle';

type AppShellProps = {
  orgName: string;
  orgSwitcher: ReactNode;
  userMenu: ReactNode;
  children: ReactNode;
};

export function AppShell({ orgName, orgSwitcher, userMenu, children }: AppShellProps) {
  // Phone width: the navigation folds behind a menu button; it is open on the page it was opened
  // on, so following a link closes it.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  return (
    <div className="flex min-h-svh flex-col md:flex-row">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="flex flex-col gap-4 border-b bg-card/40 p-3 md:sticky md:top-0 md:h-svh md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-2 px-2 md:py-1">
          <span className="flex items-center gap-2 font-semibold">
            <Boxes className="size-5" aria-hidden /> stocksync
          </span>
          <div className="flex items-center gap-1 md:hidden">
            <ThemeToggle />
            {userMenu}
            <Button
              variant="ghost"
              size="icon"
              aria-label="Menu"
              aria-expanded={menuOpen}
              aria-controls="app-navigation"
              onClick={() => setOpenOn(menuOpen ? null : pathname)}
            >
              {menuOpen ? <X /> : <Menu />}
            </Button>
          </div>
        </div>
        <div
          id="app-navigation"
          className={`${menuOpen ? 'flex' : 'hidden'} flex-col gap-4 md:flex`}
        >
          {orgSwitcher}
          <SideNav orgName={orgName} />
        </div>
        <div className="mt-auto hidden items-center justify-between gap-2 px-1 md:flex">
          {userMenu}
          <ThemeToggle />
        </div>
      </aside>
      <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
