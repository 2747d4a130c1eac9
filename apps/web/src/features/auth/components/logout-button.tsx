import { useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLogout } from '../api/logout';

export function LogoutButton() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={logout.isPending}
      onClick={async () => {
        await logout.mutateAsync();
        await navigate({ to: '/auth/login', replace: true });
      }}
    >
      <LogOut aria-hidden />
      Log out
    </Button>
  );
}
