/** The console's name and mark, as the sidebar, the sign-in page and the 404 page show it. */
export function Brand({ tagline = "Migration console" }: { tagline?: string }) {
  return (
    <div className="brand">
      <span className="brand-mark" aria-hidden="true">
        K
      </span>
      <span>
        Kraken Migrate<small>{tagline}</small>
      </span>
    </div>
  );
}
