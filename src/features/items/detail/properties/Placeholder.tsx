/** The grey name of a property that has no value yet. */
export function Placeholder({ children }: { children: string }) {
  return <span className="placeholder">{children}</span>;
}
