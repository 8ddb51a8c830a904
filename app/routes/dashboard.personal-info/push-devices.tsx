import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormMessage } from "~/components/forms/field";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { Card } from "./settings-card";

export interface PushDevice {
  id: string;
  endpoint: string;
  device: string;
}

const API = "/api/users/push-subscriptions";

export const PUSH_TEXT = {
  needsJavaScript:
    "Turning push on for this browser needs JavaScript: turn it on, then come back here. Browsers that already have push are listed below, and you can turn them off without it.",
  unsupported: "This browser cannot receive push notifications.",
  notConfigured: "Push notifications are not set up on this server.",
  blocked: "Notifications are blocked for this site: allow them in your browser's site settings, then try again.",
  on: "Turn on push for this browser",
  off: "Turn off push for this browser",
} as const;

/** The browser's own subscription; null while no service worker is registered (public/sw.js). */
async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

async function send(method: "POST" | "DELETE", body: unknown) {
  const response = await fetch(API, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`);
  return answer.message;
}

/** Subscribes or unsubscribes this browser (JavaScript only), then asks the page for its list again. */
function ThisBrowser({ publicKey, known }: { publicKey: string; known: string[] }) {
  const revalidator = useRevalidator();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    currentSubscription()
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);

  // On only when the server keeps this browser's subscription (it may have been turned off below).
  const on = Boolean(endpoint && known.includes(endpoint));

  async function toggle() {
    setBusy(true);
    try {
      const existing = await currentSubscription();
      if (on && existing) {
        await existing.unsubscribe();
        setEndpoint(null);
        toast.success((await send("DELETE", { endpoint: existing.endpoint }).catch(() => undefined)) ?? "Push is off.");
      } else {
        if ((await Notification.requestPermission()) !== "granted") throw new Error(PUSH_TEXT.blocked);
        // Registered already by entry.client (registering again is a no-op); push needs it active.
        await navigator.serviceWorker.register("/sw.js");
        const registration = await navigator.serviceWorker.ready;
        const subscription =
          existing ??
          (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
        toast.success((await send("POST", subscription.toJSON())) ?? "Push is on.");
        setEndpoint(subscription.endpoint);
      }
      revalidator.revalidate();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" onClick={toggle} disabled={busy || endpoint === undefined}>
        {on ? PUSH_TEXT.off : PUSH_TEXT.on}
      </Button>
      <span className="text-xs text-muted">
        {on ? "This browser gets push notifications." : "This browser does not get push notifications."}
      </span>
    </div>
  );
}

/**
 * Push on your browsers (ADR 181): turn it on or off for this one (JavaScript: the browser's push
 * subscription is made by script), and the list of browsers that get it, each with a button that
 * works without JavaScript.
 */
export function PushDevicesCard({ publicKey, devices }: { publicKey: string | null; devices: PushDevice[] }) {
  const hydrated = useHydrated();
  const supported = hydrated && "serviceWorker" in navigator && "PushManager" in window;
  return (
    <Card
      title="Push notifications"
      description="Push shows a notification on your phone or computer even when no Cardshare tab is open: turn it on for each browser you want it on. What is pushed follows the Push switches above."
    >
      {!publicKey ? (
        <FormMessage tone="info">{PUSH_TEXT.notConfigured}</FormMessage>
      ) : !hydrated ? (
        <FormMessage tone="info">{PUSH_TEXT.needsJavaScript}</FormMessage>
      ) : !supported ? (
        <FormMessage tone="info">{PUSH_TEXT.unsupported}</FormMessage>
      ) : (
        <ThisBrowser publicKey={publicKey} known={devices.map((device) => device.endpoint)} />
      )}
      {devices.length > 0 ? (
        <ul aria-label="Browsers with push on" className="mt-4 divide-y divide-line">
          {devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>{device.device}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="pushOff" />
                <input type="hidden" name="endpoint" value={device.endpoint} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Turn off push for ${device.device}`}>
                  Turn off
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">No browser gets your push notifications yet.</p>
      )}
    </Card>
  );
}
