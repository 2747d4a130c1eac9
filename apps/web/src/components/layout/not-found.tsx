import { Link } from '@tanstack/react-router';
import { buttonVariants } from '@/components/ui/button';

export function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist, or you do not have access to it.
      </p>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        Go to the start page
      </Link>
    </main>
  );
}
