/** A card headed by a title (which names the section) and an optional line of description; `flush` leaves out the padded body. */
export function Card({
  id,
  title,
  description,
  action,
  flush = false,
  children,
}: {
  id: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
  flush?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <div>
          <h2 id={id}>{title}</h2>
          {description !== undefined && <p>{description}</p>}
        </div>
        {action}
      </div>
      {flush ? children : <div className="card-body">{children}</div>}
    </section>
  );
}
