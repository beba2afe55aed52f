import type { ReactNode } from 'react';
import type { ExtServiceType } from '../../../../contract/itemEnums';

/* The external tools' marks (lists, detail, the connect modal and the integration pages). Decorative. */

/** A 24×24 logo box of `size`. */
function Mark({ size, children }: { size: string; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      {children}
    </svg>
  );
}

/** The GitHub mark (single colour). */
export function GitHubLogo({ size = '2.4rem' }: { size?: string }) {
  return (
    <Mark size={size}>
      <path
        fill="#111111"
        d="M12 1.27a11 11 0 0 0-3.48 21.46c.55.09.73-.28.73-.55v-1.84c-3.03.64-3.67-1.46-3.67-1.46-.55-1.29-1.28-1.65-1.28-1.65-.92-.65.1-.65.1-.65 1.1 0 1.73 1.1 1.73 1.1.92 1.65 2.57 1.2 3.21.92a2 2 0 0 1 .64-1.47c-2.47-.27-5.04-1.19-5.04-5.5 0-1.1.46-2.1 1.2-2.84a3.76 3.76 0 0 1 0-2.93s.91-.28 3.11 1.1c1.8-.49 3.7-.49 5.5 0 2.1-1.38 3.02-1.1 3.02-1.1a3.76 3.76 0 0 1 0 2.93c.83.74 1.2 1.74 1.2 2.94 0 4.21-2.57 5.13-5.04 5.4.45.37.82.92.82 2.02v3.03c0 .27.1.64.73.55A11 11 0 0 0 12 1.27"
      />
    </Mark>
  );
}

/** The Slack mark: four two-part strokes in Slack's colours. */
export function SlackLogo({ size = '2.4rem' }: { size?: string }) {
  const r = 2.52;
  const pieces: Array<[string, number, number, number, number]> = [
    ['#36C5F0', 6.31, 0, 5.04, 5.04],
    ['#36C5F0', 0, 6.31, 11.36, 5.04],
    ['#2EB67D', 18.96, 6.31, 5.04, 5.04],
    ['#2EB67D', 12.64, 0, 5.04, 11.36],
    ['#ECB22E', 12.64, 18.96, 5.04, 5.04],
    ['#ECB22E', 12.64, 12.64, 11.36, 5.04],
    ['#E01E5A', 0, 12.64, 5.04, 5.04],
    ['#E01E5A', 6.31, 12.64, 5.04, 11.36],
  ];
  return (
    <Mark size={size}>
      {pieces.map(([fill, x, y, width, height]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={width} height={height} rx={r} fill={fill} />
      ))}
    </Mark>
  );
}

/** The tool's logo (2.4rem). */
export function ExtServiceLogo({ type, size }: { type: ExtServiceType; size?: string }) {
  return type === 'SLACK' ? <SlackLogo size={size} /> : <GitHubLogo size={size} />;
}
