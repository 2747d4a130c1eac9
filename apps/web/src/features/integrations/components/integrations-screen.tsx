import { Plug } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CHANNELS } from '../channels';

export function IntegrationsScreen() {
  return (
    <>
      <PageHeader
        title="Integrations"
        description="Connect the sales channels you sell on. Accounts you connect appear here."
      />
      <p className="mb-4 flex items-center gap-2 rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
        <Plug className="size-4 shrink-0" aria-hidden />
        No sales channels connected yet. Connecting channels is not available in this version.
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {CHANNELS.map((channel) => (
          <Card key={channel.id}>
            <CardHeader>
              <CardTitle>{channel.name}</CardTitle>
              <CardDescription>{channel.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" disabled aria-describedby={`${channel.id}-unavailable`}>
                Connect {channel.name}
              </Button>
              <p id={`${channel.id}-unavailable`} className="mt-2 text-xs text-muted-foreground">
                Not available yet
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
