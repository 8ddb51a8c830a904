/** The errors under a field or form, in a module of its own: a page that only shows errors (the star rating) loads no form kit. */
/**
 * Errors under a field or form, announced to screen readers. The alert wraps the list: a role on
 * the `ul` itself would hide its list role, leaving its items outside any list (axe: listitem).
 * `reserve` keeps one line's room while there is no error, so an error appearing or going away
 * never moves the controls below it under the pointer (issue 30; every field frame reserves it).
 */
export function ErrorList({ id, errors, reserve }: { id?: string; errors?: string[] | null; reserve?: boolean }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return reserve ? <div aria-hidden className="mt-1.5 h-5" /> : null;
  return (
    <div id={id} role="alert" className="mt-1.5 min-h-5 text-sm text-danger-700">
      <ul className="space-y-1">
        {shown.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
