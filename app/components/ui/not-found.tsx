import Link from "next/link";

/**
 * The body of a 404: what is missing, why that may be, and the ways back. Used by app/not-found.tsx
 * and by each record page's not-found.tsx (rendered inside the console shell).
 */
export function NotFoundPanel({
  title,
  children,
  links,
}: {
  title: string;
  children?: React.ReactNode;
  links: { href: string; label: string }[];
}) {
  return (
    <section className="card not-found" aria-labelledby="not-found-title" data-testid="not-found">
      <div className="eyebrow">404 · Not found</div>
      <h1 id="not-found-title">{title}</h1>
      {children && <p>{children}</p>}
      <nav className="actions" aria-label="Ways back">
        {links.map((l, i) => (
          <Link key={l.href} className={i === 0 ? "btn btn-primary" : "btn"} href={l.href}>
            {l.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}
