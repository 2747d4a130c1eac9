import { useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Building2, Check, ChevronsUpDown, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Organization } from '@/lib/api-types';
import { setCurrentOrg, useSession } from '@/lib/session';
import { sectionAfterSwitch } from '../section-after-switch';
import { CreateOrganizationDialog } from './create-organization-dialog';

export function OrgSwitcher({ current }: { current: Organization }) {
  const navigate = useNavigate();
  const { account } = useSession();
  const [creating, setCreating] = useState(false);
  const orgs = (account?.orgs ?? []).filter((org) => org.name);

  // The deepest route shown: switching keeps its section (issue 20 item 20).
  const routeId = useRouterState({ select: (state) => state.matches.at(-1)?.routeId });

  const switchTo = (org: Organization) => {
    setCurrentOrg(org.id);
    void navigate({ to: sectionAfterSwitch(routeId), params: { org: org.name } });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            className="w-full justify-between"
            aria-label={`Organisation: ${current.name}`}
          >
            <span className="flex min-w-0 items-center gap-2">
              <Building2 aria-hidden />
              <span className="truncate">{current.name}</span>
            </span>
            <ChevronsUpDown aria-hidden className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width)">
          <DropdownMenuLabel>Organisations</DropdownMenuLabel>
          {orgs.map((org) => (
            <DropdownMenuItem key={org.id} onSelect={() => switchTo(org)}>
              <span className="truncate">{org.name}</span>
              {org.id === current.id ? <Check aria-label="Current" className="ml-auto" /> : null}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden />
            Create organisation
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
