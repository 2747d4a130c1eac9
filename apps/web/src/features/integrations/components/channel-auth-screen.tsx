import { Link } from '@tanstack/react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type ChannelAuthScreenProps = { channel: string; step: 'start' | 'callback' };

/** Authorisation start and callback screens for a channel (spec §2); connecting is not built yet. */
export function ChannelAuthScreen({ channel, step }: ChannelAuthScreenProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">
          {step === 'start' ? `Connect ${channel}` : `Finishing ${channel} connection`}
        </CardTitle>
        <CardDescription>
          Connecting {channel} accounts is not available in this version of stocksync yet, so
          nothing was connected.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to stocksync
        </Link>
      </CardContent>
    </Card>
  );
}
