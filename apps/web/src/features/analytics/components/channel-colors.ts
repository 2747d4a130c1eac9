import type { AnalyticsSummary } from '@stocksync/contract';
import { channelName } from '@/lib/channels';

// Mid-tone hues: readable on the light and the dark theme's backgrounds alike.
const PALETTE = [
  'oklch(0.62 0.17 255)',
  'oklch(0.7 0.16 150)',
  'oklch(0.72 0.16 65)',
  'oklch(0.64 0.2 25)',
  'oklch(0.62 0.18 305)',
  'oklch(0.7 0.12 200)',
];

export type SalesChannel = AnalyticsSummary['sales']['channels'][number];

/** One colour and label per channel of the range, in the split's order. */
export function channelStyles(channels: readonly SalesChannel[]) {
  return channels.map((channel, index) => ({
    id: channel.connectionId,
    label: channel.platform
      ? `${channelName(channel.platform)} ${channel.alias ?? ''}`.trim()
      : 'Removed account',
    color: PALETTE[index % PALETTE.length]!,
  }));
}
