/** A project's first letter in a circle, in place of a logo: the settings carry names, not artwork. */
export function Monogram({ name, className }: { name: string; className: string }) {
  return (
    <span className={`monogram ${className}`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
