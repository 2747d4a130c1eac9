import { Link } from '@tanstack/react-router';
import { buttonVariants } from '@/components/ui/button';

/** Spec §2 "Not Found" as a page of its own (router-level not-found component). */
export function NotFound() {
  return <NotFoundView embedded={false} />;
}

/**
 * `embedded`: shown inside the app shell (an unknown page of a known organisation), whose own
 * <main> already holds it.
 */
export function NotFoundView({ embedded }: { embedded: boolean }) {
  const Container = embedded ? 'section' : 'main';
  return (
    <Container
      aria-labelledby="not-found-title"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 id="not-found-title" className="text-3xl font-semibold tracking-tight">
        Not Found
      </h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist, or you do not have access to it.
      </p>
      <Link to="/" className={buttonVariants({ variant: 'outline' })}>
        Go to the start page
      </Link>
    </Container>
  );
}
