import type { Platform } from '@stocksync/contract';
import { channelName } from '@/lib/channels';

/** Small inline logos, labelled for assistive technology. */
export function PlatformLogo({ platform, className }: { platform: Platform; className?: string }) {
  const label = channelName(platform);
  if (platform === 'shopify') {
    return (
      <svg viewBox="0 0 24 24" role="img" aria-label={label} className={className}>
        <title>{label}</title>
        <path
          d="M8 7.5V6a4 4 0 0 1 8 0v1.5"
          fill="none"
          stroke="#5E8E3E"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
        <path
          d="M4.5 7.5h15l-1.3 13.1a1.6 1.6 0 0 1-1.6 1.4H7.4a1.6 1.6 0 0 1-1.6-1.4Z"
          fill="#95BF47"
        />
        <path
          d="M14.2 11.2c-.5-.4-1.3-.6-2-.6-1.3 0-2.1.7-2.1 1.6 0 2 3.6 1.6 3.6 3.2 0 .8-.7 1.3-1.7 1.3-.8 0-1.6-.3-2.1-.8"
          fill="none"
          stroke="#fff"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  if (platform === 'ebay') {
    return (
      <svg viewBox="0 0 40 18" role="img" aria-label={label} className={className}>
        <title>{label}</title>
        <text
          x="0"
          y="14"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="16"
          fontWeight="700"
          letterSpacing="-1"
        >
          <tspan fill="#E53238">e</tspan>
          <tspan fill="#0064D2">b</tspan>
          <tspan fill="#F5AF02">a</tspan>
          <tspan fill="#86B817">y</tspan>
        </text>
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" role="img" aria-label={label} className={className}>
      <title>{label}</title>
      <rect width="24" height="24" rx="5" fill="#010101" />
      <path
        d="M13.2 5v9.6a2.6 2.6 0 1 1-2.6-2.6"
        fill="none"
        stroke="#25F4EE"
        strokeWidth="2"
        strokeLinecap="round"
        transform="translate(-0.6 -0.4)"
      />
      <path
        d="M13.2 5v9.6a2.6 2.6 0 1 1-2.6-2.6"
        fill="none"
        stroke="#FE2C55"
        strokeWidth="2"
        strokeLinecap="round"
        transform="translate(0.6 0.4)"
      />
      <path
        d="M13.2 5v9.6a2.6 2.6 0 1 1-2.6-2.6M13.2 5c.3 1.9 1.6 3.2 3.6 3.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
