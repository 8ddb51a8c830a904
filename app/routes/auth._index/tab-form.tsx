import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, type ComponentProps, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { useClearOnEdit } from "~/components/forms/use-clear-on-edit";
import { toast } from "~/components/layout/toaster";
import type { LoginSchema, RegisterSchema } from "~/modules/auth/schemas";

export type Tab = "login" | "register";

/** Shows a failed submission's message as an error toast too (spec: failures toast). */
function useErrorToast(lastResult: SubmissionResult | undefined, fallback: string) {
  useEffect(() => {
    if (lastResult?.status === "error") {
      const message = lastResult.error?.[""]?.[0];
      toast.error(message ?? fallback);
    }
  }, [lastResult, fallback]);
}

/**
 * One tab's form: conform with the shared zod schema (validated on submit, in the browser and on
 * the server), errors cleared as fields are edited, the pending label, and a toast on failure.
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
  useErrorToast(lastResult, failureMessage);
  const formProps = {
    ...getFormProps(form),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      clear.reset();
      form.onSubmit(event);
    },
  };
  return { form, fields, clear, submitting, formProps };
}

/** The frame of a tab's form: heading, subline and the intent the action dispatches on. */
export function TabForm({
  formProps,
  intent,
  title,
  subtitle,
  children,
}: {
  formProps: ComponentProps<typeof Form>;
  intent: Tab;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-muted">{subtitle}</p>
      </div>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
