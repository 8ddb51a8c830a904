import { Check, Share2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";

/**
 * The referral's public address (docs/product.md#referrer-tools): a plain link without JavaScript;
 * with it, a button that opens the system share sheet (Web Share) where the browser has one and
 * copies the address otherwise, saying so in a live region.
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const scripted = useHydrated();
  const [said, setSaid] = useState("");
  // The server renders the path; the browser knows the origin the person sees.
  const url = scripted ? new URL(path, window.location.origin).toString() : path;

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing to say. Anything else falls back to copying.
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setSaid("Link copied");
    } catch {
      setSaid("Copy the link above");
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-sm">
        <span className="text-muted">Public link: </span>
        <a href={path} className="break-all font-medium text-brand-700 underline">
          {url}
        </a>
      </p>
      {scripted ? (
        <div className="flex items-center gap-3">
          <Button type="button" size="sm" variant="secondary" onClick={share}>
            <Share2 aria-hidden className="size-4" />
            Share or copy link
          </Button>
          <span role="status" className="inline-flex items-center gap-1 text-sm text-success-700">
            {said ? <Check aria-hidden className="size-4" /> : null}
            {said}
          </span>
        </div>
      ) : null}
    </div>
  );
}
