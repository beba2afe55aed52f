import { Logo } from './Logo';

interface AvatarProps {
  /** Image URL; null/empty → the fallback. */
  src?: string | null;
  /** Accessible name (the member's, team's or workspace's name). Omit for a decorative avatar. */
  name?: string;
  /** CSS size, e.g. '3.2rem' (comment avatars 3.2rem, sidebar workspace 3.2rem, team 2.4rem). */
  size?: string;
  /**
   * `member`: a grey circle when there is no photo (comments). `team` / `workspace`: our round navy mark
   * when there is no image.
   */
  kind?: 'member' | 'team' | 'workspace';
  className?: string;
}

/** A round avatar for members, teams and workspaces, with fallbacks when there is no image. */
export function Avatar({ src, name, size = '3.2rem', kind = 'member', className }: AvatarProps) {
  const common = { width: size, height: size, borderRadius: '50%', flex: 'none' as const };
  if (src) {
    return (
      <img
        className={className}
        src={src}
        alt={name ?? ''}
        style={{ ...common, objectFit: 'cover', display: 'block', background: '#dcdcdc' }}
        loading="lazy"
        decoding="async"
      />
    );
  }
  if (kind === 'member') {
    return (
      <span
        className={className}
        role={name ? 'img' : undefined}
        aria-label={name}
        aria-hidden={name ? undefined : true}
        style={{ ...common, display: 'inline-block', background: '#dcdcdc' }}
      />
    );
  }
  return (
    <span
      className={className}
      role={name ? 'img' : undefined}
      aria-label={name}
      style={{ display: 'inline-flex' }}
    >
      <Logo size={size} shape="circle" decorative />
    </span>
  );
}
