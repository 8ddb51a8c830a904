import { useCallback, useEffect, useState } from "react";

/**
 * "Editing a field clears that field's error" (docs/product.md#auth-screen): remembers which fields were edited
 * since the last submission result, so their errors are hidden until the next submit.
 */
export function useClearOnEdit(lastResult: unknown) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [lastResult]);
  const onEdit = useCallback((name: string) => setEdited((previous) => new Set(previous).add(name)), []);
  const reset = useCallback(() => setEdited(new Set()), []);
  const visible = useCallback(
    (name: string, errors: string[] | undefined) => (edited.has(name) ? undefined : errors),
    [edited],
  );
  return { onEdit, reset, visible };
}
