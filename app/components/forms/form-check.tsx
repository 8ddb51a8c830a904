import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { installReadableErrors } from "~/core/readable-errors";

// The schemas it checks word their failures as the server does (see field.tsx).
installReadableErrors();

export type FormErrors = Record<string, string[]>;

/**
 * The whole form checked on every change, for what conform shows only field by field (a field's
 * errors appear once it was left): whether the submit button may be enabled, and why not.
 * `errors` is null until the person changes something, and always without JavaScript, so the
 * button starts enabled, a click shows every error at its field, and the server has the last word.
 */
export function useFormCheck(schema: z.ZodType) {
  const [errors, setErrors] = useState<FormErrors | null>(null);
  function onChange(event: FormEvent<HTMLFormElement>) {
    const submission = parseWithZod(new FormData(event.currentTarget), { schema });
    const found: FormErrors = {};
    for (const [name, messages] of Object.entries((submission.status === "error" && submission.error) || {})) {
      if (messages?.length) found[name] = messages;
    }
    setErrors(found);
  }
  return { errors, blocked: errors !== null && Object.keys(errors).length > 0, onChange };
}

/**
 * Why a submit button is disabled: every failing check in its own words, each a link to its
 * field (conform's ids: `{formId}-{name}`). The live region is always there, so a change in it is
 * announced; the button names it with aria-describedby.
 */
export function BlockedReasons({
  id,
  formId,
  title,
  errors,
}: {
  id: string;
  formId: string;
  title: string;
  errors: FormErrors | null;
}) {
  const seen = new Set<string>();
  const reasons = Object.entries(errors ?? {}).flatMap(([name, messages]) => {
    const message = messages[0];
    if (!message || seen.has(message)) return [];
    seen.add(message);
    return [{ name, message }];
  });
  return (
    <div id={id} role="status" aria-live="polite">
      {reasons.length ? (
        <div className="rounded-card border border-line bg-canvas px-4 py-3 text-sm">
          <p className="font-medium text-ink">{title}</p>
          <ul className="mt-1.5 list-disc space-y-1 pl-5">
            {reasons.map(({ name, message }) => (
              <li key={name}>
                <a href={`#${name ? `${formId}-${name}` : formId}`} className="text-brand-700 underline">
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
