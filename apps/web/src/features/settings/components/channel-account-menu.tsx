import { Link } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { usePlatforms } from '@/features/integrations';
import type { Organization } from '@/lib/api-types';
import { channelName } from '@/lib/channels';
import { channelAccountTargets } from '../channel-account-targets';

const SCREENS = [
  { label: 'Account', to: '/$org/integrations/$platform/$alias/account' },
  { label: 'Import', to: '/$org/integrations/$platform/$alias/import' },
] as const;

const itemClass =
  'inline-flex items-center gap-1 text-left text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60';

/**
 * Spec §2: Settings' second menu, Account (../account) and Import (../import) of a connected
 * account: its screens when there is one, a chooser when there are several, else Integrations.
 */
export function ChannelAccountMenu({ organization }: { organization: Organization }) {
  const { data } = usePlatforms(organization.id);
  const targets = channelAccountTargets(data?.platforms ?? []);
  const org = organization.name;

  return (
    <aside
      aria-label="Channel accounts"
      className="grid content-start justify-items-start gap-2 text-sm"
    >
      <h2 className="font-medium">Channel accounts</h2>
      {SCREENS.map(({ label, to }) => {
        if (targets.kind === 'one') {
          const { platform, alias } = targets.connection;
          return (
            <Link key={label} to={to} params={{ org, platform, alias }} className={itemClass}>
              {label}
            </Link>
          );
        }
        if (targets.kind === 'several') {
          return (
            <DropdownMenu key={label}>
              <DropdownMenuTrigger className={itemClass}>
                {label}
                <ChevronDown aria-hidden className="size-3.5" />
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                <DropdownMenuLabel>{`${label} of which account?`}</DropdownMenuLabel>
                {targets.connections.map(({ id, platform, alias }) => (
                  <DropdownMenuItem key={id} asChild>
                    <Link to={to} params={{ org, platform, alias }}>
                      {alias}
                      <span className="ml-auto text-xs text-muted-foreground">
                        {channelName(platform)}
                      </span>
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          );
        }
        return (
          <Link key={label} to="/$org/integrations" params={{ org }} className={itemClass}>
            {label}
          </Link>
        );
      })}
      {targets.kind === 'none' ? (
        <p className="text-xs text-muted-foreground">
          Connect a sales channel first: its account details and imports open from here.
        </p>
      ) : null}
    </aside>
  );
}
