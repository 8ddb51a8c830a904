import { Form, useSubmit } from "@remix-run/react";
import { SelectField } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { OTHER_CARD } from "~/modules/referrals/schemas";
import { REFER_PATH, issuerLabel } from "./flow";

/**
 * Step 1: the issuer, a GET form to `?step=details&issuer=...`. With JavaScript choosing one
 * moves on at once; without, Next does.
 */
export function IssuerStep({ issuers, issuer }: { issuers: string[]; issuer: string | null }) {
  const submit = useSubmit();
  return (
    <Form method="get" action={REFER_PATH} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="step" value="details" />
      <SelectField
        label="Card issuer"
        className="w-full sm:w-72"
        placeholder="Select an issuer"
        options={[...issuers, OTHER_CARD].map((value) => [value, issuerLabel(value)] as const)}
        selectProps={{
          id: "issuer",
          name: "issuer",
          required: true,
          defaultValue: issuer ?? "",
          onChange: (event) => submit(event.currentTarget.form),
        }}
      />
      <Button type="submit">Next</Button>
    </Form>
  );
}
