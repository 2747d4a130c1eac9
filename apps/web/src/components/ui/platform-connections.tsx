import { platforms as PLATFORMS, type PlatformMap } from '@stocksync/contract';
import { channelName } from '@/lib/channels';
import { PlatformLogo } from './platform-logo';

/** Per platform with at least one connection: the count and the platform's logo. */
export function PlatformConnections({ platforms }: { platforms: PlatformMap }) {
  const entries = PLATFORMS.flatMap((platform) => {
    const connections = platforms[platform]?.connections ?? 0;
    return connections > 0 ? [{ platform, connections }] : [];
  });
  if (entries.length === 0) {
    return <span className="text-muted-foreground">None</span>;
  }
  return (
    <ul className="flex flex-wrap items-center gap-3">
      {entries.map(({ platform, connections }) => (
        <li
          key={platform}
          className="flex items-center gap-1"
          title={`${channelName(platform)}: ${connections} ${connections === 1 ? 'connection' : 'connections'}`}
        >
          <span className="tabular-nums">{connections}</span>
          <PlatformLogo
            platform={platform}
            className={platform === 'ebay' ? 'h-4 w-9' : 'size-4'}
          />
        </li>
      ))}
    </ul>
  );
}
