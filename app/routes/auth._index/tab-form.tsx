import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { ComponentProps, FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { formLevelMessage } from "~/components/forms/form-error";
import { useClearOnEdit } from "~/components/forms/use-clear-on-edit";
import type { LoginSchema, RegisterSchema } from "~/modules/auth/schemas";

export type Tab = "login" | "register";

/**
 * One tab's form: conform with the shared zod schema (validated on submit, in the browser and on
 * the server), errors cleared as fields are edited, the pending label, and the failure's
 * form-level message (`formError`, shown by <FormError/>: a toast, or a banner without JavaScript).
 */
export function useTabForm<Schema extends typeof LoginSchema | typeof RegisterSchema>(
  intent: Tab,
  schema: Schema,
  lastResult: SubmissionResult | undefined,
  failureMessage: string,
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: intent,
    lastResult,
    constraint: getZodConstraint(schema),
    // The generic schema loses zod's output type, restored by the annotation above.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as Submission<z.input<Schema>, string[], z.output<Schema>>,
    shouldValidate: "onSubmit",
  });
  const clear = useClearOnEdit(lastResult);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const formError = formLevelMessage(lastResult as SubmissionResult<string[]> | undefined, failureMessage);
  const formProps = {
    ...getFormProps(form),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      clear.reset();
      form.onSubmit(event);
    },
  };
  return { form, fields, clear, submitting, formProps, formError };
}

/**
 * Where a tab posts: /auth itself, never Remix's `/auth?index` (the page is the only route at
 * /auth, so the post reaches it without the flag), keeping the tab and the way back in the URL a
 * failed post shows.
 */
export function tabAction(tab: Tab, redirectTo = "") {
  const query = new URLSearchParams({
    ...(tab === "register" ? { tab } : {}),
    ...(redirectTo ? { redirectTo } : {}),
  }).toString();
  return query ? `/auth?${query}` : "/auth";
}

/** The frame of a tab's form: heading, subline and the intent the action dispatches on. */
export function TabForm({
  formProps,
  intent,
  redirectTo,
  title,
  subtitle,
  children,
}: {
  formProps: ComponentProps<typeof Form>;
  intent: Tab;
  redirectTo?: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={tabAction(intent, redirectTo)} {...formProps} className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-muted">{subtitle}</p>
      </div>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
