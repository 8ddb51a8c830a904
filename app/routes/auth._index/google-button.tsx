import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** Google sign-in, offered on both tabs (it signs in or creates the account). */
export function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const navigation = useNavigation();
  const connecting = navigation.state !== "idle" && navigation.formAction === "/auth/google";
  return (
    <Form method="post" action="/auth/google" className="mt-4">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="relative my-4 flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button type="submit" variant="secondary" className="w-full" disabled={connecting}>
        {connecting ? "Connecting..." : "Continue with Google"}
      </Button>
    </Form>
  );
}
