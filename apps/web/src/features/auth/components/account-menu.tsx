import { useNavigate } from '@tanstack/react-router';
import { CircleUser, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSession } from '@/lib/session';
import { useLogout } from '../api/logout';

/** Who is signed in, and the way out (issue 24). */
export function AccountMenu({ role }: { role?: string }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const email = useSession().account?.email ?? '';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account: ${email}`} className="min-w-0">
          <CircleUser aria-hidden />
          <span className="hidden max-w-36 truncate md:inline">{email}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">Signed in as</span>
          <span className="block truncate font-medium" data-testid="account-email">
            {email}
          </span>
          {role ? (
            <span className="block text-xs text-muted-foreground">Role here: {role}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={logout.isPending}
          onSelect={async () => {
            await logout.mutateAsync();
            await navigate({ to: '/auth/login', replace: true });
          }}
        >
          <LogOut aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
