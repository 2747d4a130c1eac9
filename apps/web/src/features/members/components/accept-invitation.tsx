import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/features/auth';
import { invitationPath } from '@/lib/invitation-link';
import { isLoggedIn, setAccount, setCurrentOrg, useSession } from '@/lib/session';
import { acceptInvitation, previewInvitation } from '../api/members-api';

/**
 * The screen an invitation mail links to (issue 24). Signed in, it accepts at once and opens the
 * organisation; signed out, it says what the link is for and leads to sign-up or sign-in, which
 * come back here (a new address joins during sign-up).
 */
export function AcceptInvitation({ token }: { token: string }) {
  const signedIn = isLoggedIn();
  return signedIn ? <AcceptSignedIn token={token} /> : <InvitationForVisitor token={token} />;
}

function AcceptSignedIn({ token }: { token: string }) {
  const navigate = useNavigate();
  const email = useSession().account?.email;
  const queryClient = useQueryClient();
  const started = useRef(false);
  const accept = useMutation({
    mutationFn: async () => {
      const { organization } = await acceptInvitation(token);
      setAccount(await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }));
      setCurrentOrg(organization.id);
      return organization;
    },
    onSuccess: (organization) =>
      navigate({ to: '/$org/dashboard', params: { org: organization.name }, replace: true }),
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    accept.mutate();
  }, [accept]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Invitation</CardTitle>
        <CardDescription>Signed in as {email}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {accept.isError ? (
          <>
            <p role="alert" className="text-sm text-destructive">
              {accept.error.message}
            </p>
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              Go to my organisations
            </Link>
          </>
        ) : (
          <Spinner label="Joining the organisation" />
        )}
      </CardContent>
    </Card>
  );
}

function InvitationForVisitor({ token }: { token: string }) {
  const preview = useQuery({
    queryKey: ['invitations', 'preview', token],
    queryFn: () => previewInvitation(token),
    retry: false,
  });
  const back = invitationPath(token);
  if (preview.isPending) return <Spinner label="Reading the invitation" />;
  if (preview.isError) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">Invitation</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="alert" className="text-sm text-destructive">
            {preview.error.message}
          </p>
        </CardContent>
      </Card>
    );
  }
  const { organization_name, email, role } = preview.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Join {organization_name}</CardTitle>
        <CardDescription>
          {email} is invited to join {organization_name} on stocksync as{' '}
          {role === 'admin' ? 'an' : 'a'} {role}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Link
          to="/auth/signup"
          search={{ redirect: back }}
          className={buttonVariants({ variant: 'default' })}
        >
          Create an account with {email}
        </Link>
        <Link
          to="/auth/login"
          search={{ redirect: back }}
          className={buttonVariants({ variant: 'outline' })}
        >
          I already have an account
        </Link>
      </CardContent>
    </Card>
  );
}
