import { useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { FormMessage } from "~/components/forms/field";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { Card } from "./settings-card";

/** The autosave's answer: its message, or a failure (FormFailure) with the reason. */
type AutosaveAnswer = { ok: boolean; message?: string };

/**
 * A card of switches (Privacy, Notifications). With JavaScript each switch saves as it changes (a
 * fetcher posting the whole form, so the last change wins) and a toast says so; without it, the
 * card's Save button posts the form.
 */
export function AutosaveCard({
  title,
  description,
  intent,
  saveLabel,
  saved,
  failed,
  error,
  children,
}: {
  title: string;
  description: string;
  intent: string;
  saveLabel: string;
  /** The toast when the answer has no message of its own. */
  saved: string;
  /** What a failure's toast starts with, before the reason. */
  failed: string;
  error?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<AutosaveAnswer>();
  const saving =
    fetcher.state !== "idle" || (navigation.state !== "idle" && navigation.formData?.get("intent") === intent);
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message ?? saved);
    else toast.error(`${failed}${fetcher.data.message ?? ""}`);
  }, [fetcher.state, fetcher.data, saved, failed]);
  return (
    <Card title={title} description={description}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <fetcher.Form
        method="post"
        className="divide-y divide-line"
        aria-busy={saving}
        onChange={(event) => fetcher.submit(event.currentTarget, { method: "post" })}
      >
        <input type="hidden" name="intent" value={intent} />
        {hydrated ? <input type="hidden" name="autosave" value="1" /> : null}
        {children}
        {hydrated ? (
          <p role="status" className="pt-3 text-xs text-muted">
            {saving ? "Saving..." : "Changes save as you make them."}
          </p>
        ) : (
          <div className="pt-4">
            <Button type="submit" variant="secondary">
              {saveLabel}
            </Button>
          </div>
        )}
      </fetcher.Form>
    </Card>
  );
}
