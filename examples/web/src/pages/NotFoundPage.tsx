/** Any route the app does not know, with the way back. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <section className="card" data-testid="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>#{path}</code>.
      </p>
      <p>
        <a href="#/products">Back to the products</a>
      </p>
    </section>
  );
}
