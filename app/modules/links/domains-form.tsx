/**
 * The admin's list of an issuer's link domains, on the card edit screen (docs/decisions/155): one
 * domain a line; a subdomain of a listed domain counts as listed. A plain form (works without JS).
 */
import { Form, useNavigation } from "@remix-run/react";
import { TextareaField } from "~/components/forms/field";
import { FormError } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";

export function IssuerDomainsForm({
  issuer,
  domains,
  refusal,
}: {
  issuer: string;
  domains: readonly string[];
  refusal?: { message: string; answer: unknown } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "domains";
  return (
    <section aria-labelledby="domains-title" className="mt-10 rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="domains-title" className="text-lg font-semibold">
        Link domains for {issuer}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Referral links for {issuer}&apos;s cards may use these sites (and their subdomains); a link on any other site
        waits in Review before it goes live. Shorteners and IP addresses are always refused. Changing the list does not
        re-judge published links.
      </p>
      <FormError message={refusal?.message} answer={refusal?.answer} />
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="domains" />
        <input type="hidden" name="issuer" value={issuer} />
        <TextareaField
          label="Domains, one a line"
          hint="Like chase.com"
          textareaProps={{ id: "domains", name: "domains", rows: 4, defaultValue: domains.join("\n"), maxLength: 4000 }}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Saving..." : "Save domains"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
