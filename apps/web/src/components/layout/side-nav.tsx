import { Link } from '@tanstack/react-router';
import { Activity, LayoutDashboard, Package, Plug, Settings } from 'lucide-react';

const NAV_ITEMS = [
  { label: 'Dashboard', to: '/$org/dashboard', icon: LayoutDashboard },
  { label: 'Inventory', to: '/$org/inventory', icon: Package },
  { label: 'Activity', to: '/$org/activity', icon: Activity },
  { label: 'Integrations', to: '/$org/integrations', icon: Plug },
  { label: 'Settings', to: '/$org/settings', icon: Settings },
] as const;

const linkClass =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 data-[status=active]:bg-accent data-[status=active]:text-accent-foreground [&_svg]:size-4';

export function SideNav({ orgName, className }: { orgName: string; className?: string }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              params={{ org: orgName }}
              className={linkClass}
              activeProps={{ 'aria-current': 'page' }}
            >
              <Icon aria-hidden />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
