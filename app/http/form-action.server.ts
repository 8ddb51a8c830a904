/**
 * The one way to write an HTML form action: who may post, a closed set of intents (the `intent`
 * field picks one; a form without it uses `default`), each with its zod schema and a `run` that
 * calls the domain and says what success does.
 *
 *   export const action = formAction({
 *     access: "member",
 *     intents: {
 *       privacy: intent.member({
 *         schema: PrivacySchema,
 *         run: async ({ ctx, value }) => {
 *           const { message } = await updatePrivacy(ctx, value);
 *           return redirectTo(PATH, { toast: message });
 *         },
 *       }),
 *     },
 *   });
 *
 * `run` returns `redirectTo(url, { toast, headers })`, data for the page (`{ ...}`, or
 * `withHeaders({ ... }, headers)` when a cookie goes with it), or throws a DomainError.
 *
 * `intent.member` (`.anyone`, `.admin`, `.visitor`) says which access the intent was written for,
 * so `run`'s `user` is typed as that access gives it (never null for members), and a form whose
 * access gives another user (a member intent in an `anyone` form) does not type-check.
 *
 * The kit owns: the content type (415 for JSON or text), broken bodies (400), size (413), unknown
 * or prototype-key intents (400), schema failures (400 with conform's reply), DomainError to its
 * status, and no internal text in any answer. A failure answers `FormFailure` with its status, so
 * the page shows it beside the form with JavaScript or without.
 *
 * Resource routes (no page of their own: /comments, /tips/checkout) use `formResource`, exported as
 * both `action` and `loader`: it answers GET with 405, and sends a browser's plain post back to
 * `redirectTo` with a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type TypedResponse,
} from "@remix-run/cloudflare";
import type { z } from "zod";
import { DomainError } from "~/core/errors";
import { noteUnexpected } from "~/core/log";
import { installReadableErrors } from "~/core/readable-errors";
import { getOptionalUser } from "~/http/auth.server";
import { safeRedirect } from "~/utils/redirect";
import { contextFor, type Ctx } from "~/core/context.server";
import { getServices } from "~/http/services.server";
import { redirectWithToast } from "./toast.server";
import { readFormData } from "./body.server";
import { guard, SIGN_IN_MESSAGE, type Access, type UserFor } from "./access.server";
import { parseInput } from "./input.server";
import { INTERNAL_ERROR_MESSAGE, methodNotAllowed } from "./envelope.server";
import { SIGN_IN_REQUIRED, type FormFailure } from "~/core/form-failure";
import { ROUTE_DECLARATION } from "./json-route.server";

// A form's schema failures reach the page as they are worded: never zod's own text.
installReadableErrors();

export type { FormFailure } from "~/core/form-failure";

import type { HeadersOutcome, RedirectOutcome } from "./form-outcomes.server";

export { redirectTo, withHeaders, type HeadersOutcome, type RedirectOutcome } from "./form-outcomes.server";

type Schema = z.ZodType;
/** The route's URL parameters: as the intent's `params` schema gives them, else as Remix gives them. */
type ParamsOf<PS> = PS extends Schema ? z.output<PS> : ActionFunctionArgs["params"];

interface IntentArgs<A extends Access, V, P> {
  ctx: Ctx;
  user: UserFor<A>;
  value: V;
  formData: FormData;
  /** The route's URL parameters (e.g. the referral of /apply/{referralId}), parsed by `params`. */
  params: P;
  request: Request;
  context: AppLoadContext;
}

/**
 * One declared intent: one operation, as an /api route's `endpoint` is. `A` is the access it was
 * written for (`intent.member` and friends, kept in `access`), so its `run` sees the user that
 * access gives; a bare `Intent` is any intent, whatever its access.
 */
export interface Intent<V = unknown, R = unknown, A extends Access = Access, P = unknown> {
  /** The access the intent was written for: a form may hold it when the user its own access gives is one it handles. */
  access: A;
  schema: z.ZodType<V>;
  /** The URL parameters' schema (as an endpoint's `params`): a value it refuses is a 400 beside the form. */
  params?: Schema;
  /**
   * The schema for this request, when its checks read data (a card's rules, read for the member):
   * the kit parses with it; `schema` still describes the form for the robustness suite. It must
   * refuse at least what `schema` refuses.
   */
  schemaFor?: (ctx: Ctx) => z.ZodType<V>;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: readonly string[];
  /** The text shown when `run` fails unexpectedly (a 500), where the spec words one for this form. */
  unexpectedMessage?: string;
  run(args: IntentArgs<A, V, P>): Promise<R>;
}

interface IntentDeclaration<S extends Schema, R, A extends Access, PS extends Schema | undefined> {
  schema: S;
  params?: PS;
  schemaFor?: (ctx: Ctx) => z.ZodType<z.output<S>>;
  hideFields?: readonly string[];
  unexpectedMessage?: string;
  run(args: IntentArgs<A, z.output<S>, ParamsOf<PS>>): Promise<R>;
}

/** Declares an intent written for access `A`, its value's and params' types inferred from the schemas. */
function intentFor<A extends Access>(access: A) {
  return <S extends Schema, R, PS extends Schema | undefined = undefined>(
    declaration: IntentDeclaration<S, R, A, PS>,
  ): Intent<z.output<S>, R, A, ParamsOf<PS>> =>
    ({ ...declaration, access }) as unknown as Intent<z.output<S>, R, A, ParamsOf<PS>>;
}

/**
 * Declares one intent. Say the form's access with it, so `user` is typed as the form gives it
 * (`intent.member({...})`: never null); a bare `intent({...})` fits any form and sees a user that
 * may be null.
 */
export const intent = Object.assign(intentFor("anyone"), {
  anyone: intentFor("anyone"),
  member: intentFor("member"),
  admin: intentFor("admin"),
  visitor: intentFor("visitor"),
});

/**
 * The intents a form of access `A` may hold: each written for an access whose user the form's
 * gives (a member intent in an `anyone` form does not type-check, an `anyone` intent in a member
 * form does).
 */
type FitsAccess<A extends Access> = Record<string, Intent<unknown, unknown, AccessGiving<UserFor<A>>>>;
/** The accesses whose intents can handle `U`. */
type AccessGiving<U> = { [K in Access]: [U] extends [UserFor<K>] ? K : never }[Access];

interface FormDeclaration<A extends Access, I extends Record<string, Intent>> {
  access: A;
  intents: I;
  /** Largest body accepted, in bytes (default 64 KB). */
  bodyLimit?: number;
  /** What a resource route tells a fetcher without a session, where the spec words it (default SIGN_IN_MESSAGE). */
  signInMessage?: string;
}

export interface FormRouteDeclaration {
  kind: "form";
  access: Access;
  intents: Record<string, Intent>;
  resource: boolean;
}

/** The data a success shows, its headers aside. */
type PageData<R> = R extends HeadersOutcome<infer D> ? D : R;

/** What a successful `run` may return, seen by the page (a redirect never reaches it). */
type Successes<I extends Record<string, Intent>> = {
  [K in keyof I]: I[K] extends { run(args: never): Promise<infer R> }
    ? PageData<Exclude<Awaited<R>, RedirectOutcome | Response>> extends infer D
      ? [D] extends [never]
        ? never
        : { ok: true; intent: K; result: SubmissionResult<string[]> } & D
      : never
    : never;
}[keyof I];

const UNKNOWN_INTENT = "This action is not available. Please reload the page and try again.";

function failure(
  intentName: string,
  status: number,
  message: string,
  options: {
    result?: SubmissionResult<string[]>;
    fields?: Record<string, string>;
    code?: string;
    id?: string | null;
  } = {},
) {
  const result: SubmissionResult<string[]> = options.result ?? {
    status: "error",
    error: {
      "": [message],
      ...Object.fromEntries(Object.entries(options.fields ?? {}).map(([key, value]) => [key, [value]])),
    },
  };
  const body: FormFailure = {
    ok: false,
    intent: intentName,
    result,
    message,
    code: options.code ?? null,
    id: options.id ?? null,
  };
  return data(body, { status });
}

async function toResponse(context: AppLoadContext, outcome: RedirectOutcome) {
  const toast =
    typeof outcome.toast === "string" ? { type: "success" as const, description: outcome.toast } : outcome.toast;
  if (!toast) return redirect(outcome.to, { headers: outcome.headers });
  return redirectWithToast(context, outcome.to, toast, { headers: outcome.headers });
}

function isDataWithInit(value: unknown): value is { data: FormFailure; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

/**
 * A resource route's answer to a fetcher as a real Response: Remix answers a resource route's
 * `data()` (or plain object) as JSON with status 200, which would turn every refusal into a success.
 */
function asJsonResponse(answer: unknown) {
  if (answer instanceof Response) return answer;
  if (isDataWithInit(answer)) return Response.json(answer.data, answer.init ?? undefined);
  return Response.json(answer);
}

function rowId(formData: FormData) {
  const id = formData.get("id");
  return typeof id === "string" ? id : null;
}

async function handle<I extends Record<string, Intent>>(
  declaration: FormDeclaration<Access, I>,
  { request, context, params }: ActionFunctionArgs,
  resource = false,
) {
  if (resource && declaration.access !== "anyone" && !(await getOptionalUser(request, context))) {
    // The code tells the page's fetchers the session is over (useSignInOnLostSession, app/utils/sign-in-again.ts).
    return failure("", 401, declaration.signInMessage ?? SIGN_IN_MESSAGE, { code: SIGN_IN_REQUIRED });
  }
  const user = await guard("form", declaration.access, request, context);
  let formData: FormData;
  try {
    formData = await readFormData(request, declaration.bodyLimit);
  } catch (error) {
    if (error instanceof DomainError) return failure("", error.status, error.message);
    throw error;
  }
  const named = formData.get("intent");
  const intentName = typeof named === "string" ? named : "default";
  const chosen = Object.hasOwn(declaration.intents, intentName) ? declaration.intents[intentName] : undefined;
  if (!chosen) return failure(intentName.slice(0, 40), 400, UNKNOWN_INTENT);

  let routeParams: unknown = params;
  if (chosen.params) {
    try {
      routeParams = await parseInput(chosen.params, params);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return failure(intentName, error.status, error.message, { fields: error.errors, id: rowId(formData) });
    }
  }
  const hideFields = [...(chosen.hideFields ?? [])];
  const ctx = contextFor(getServices(context), user);
  const schema = chosen.schemaFor?.(ctx) ?? chosen.schema;
  const submission = await parseWithZod(formData, { schema, async: true });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields });
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .find(Boolean) ?? "Please check the form.";
    return failure(intentName, 400, message, { result, id: rowId(formData) });
  }
  try {
    const outcome = await chosen.run({
      ctx,
      user: user as never, // the access checked above gives the user the intent was written for
      value: submission.value,
      formData,
      params: routeParams,
      request,
      context,
    });
    if (outcome instanceof Response) return outcome;
    if (outcome && typeof outcome === "object" && (outcome as RedirectOutcome).kind === "redirect") {
      return toResponse(context, outcome as RedirectOutcome);
    }
    const carriesHeaders =
      outcome && typeof outcome === "object" && (outcome as HeadersOutcome<object>).kind === "with-headers";
    const success = {
      ok: true as const,
      intent: intentName,
      result: submission.reply({ resetForm: true, hideFields }),
      ...((carriesHeaders ? (outcome as HeadersOutcome<object>).data : outcome) as object),
    };
    return carriesHeaders ? data(success, { headers: (outcome as HeadersOutcome<object>).headers }) : success;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof DomainError)) {
      noteUnexpected(context.invocation, error, "action");
      // Still nothing internal; the form keeps what was typed, so the person can simply try again.
      const message = chosen.unexpectedMessage ?? INTERNAL_ERROR_MESSAGE;
      return failure(intentName, 500, message, { result: submission.reply({ formErrors: [message], hideFields }) });
    }
    const result = submission.reply({
      formErrors: [error.message],
      fieldErrors: Object.fromEntries(Object.entries(error.errors ?? {}).map(([key, value]) => [key, [value]])),
      hideFields,
    });
    return failure(intentName, error.status, error.message, { result, code: error.code, id: rowId(formData) });
  }
}

/**
 * A redirect (or a Response a run returned) is typed as carrying no data, so `useActionData<typeof
 * action>` sees the failure and the successes only (a plain `Response` would make it `{}`).
 */
type ActionResult<I extends Record<string, Intent>> = Promise<
  TypedResponse<never> | ReturnType<typeof data<FormFailure>> | Successes<I>
>;

/** A page's form action (see the module comment). */
export function formAction<A extends Access, I extends FitsAccess<A>>(declaration: FormDeclaration<A, I>) {
  const action = (args: ActionFunctionArgs) =>
    handle(declaration as FormDeclaration<Access, I>, args) as ActionResult<I>;
  const meta: FormRouteDeclaration = {
    kind: "form",
    access: declaration.access,
    intents: declaration.intents,
    resource: false,
  };
  return Object.assign(action, { [ROUTE_DECLARATION]: meta });
}

/**
 * A plain form post from the browser itself (JavaScript off) rather than a fetch from the app:
 * that one wants a redirect back with a toast, a fetcher wants data it can show beside the field.
 */
function isDocumentRequest(request: Request) {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** The `formId` a form sends to have a refusal shown beside it (an element id: letters, digits, - and _). */
function formIdOf(form: FormData) {
  const value = form.get("formId");
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

/**
 * A resource route's form action and its 405 loader. A browser's plain post comes back to the
 * form's `redirectTo` (else `backTo`) with the outcome as a toast; a fetcher gets the data. A body
 * that is not a form at all (415, 413, broken multipart) was not sent by our page: it keeps its 4xx
 * instead of a redirect.
 */
export function formResource<A extends Access, I extends FitsAccess<A>>(
  declaration: FormDeclaration<A, I> & { backTo: string },
) {
  const resource = declaration as FormDeclaration<Access, I>;
  const action = async (args: ActionFunctionArgs) => {
    const { request, context } = args;
    if (request.method === "GET" || request.method === "HEAD") return methodNotAllowed(["POST"]);
    if (!isDocumentRequest(request)) return asJsonResponse(await handle(resource, args, true));
    const { target, formId } = await request
      .clone()
      .formData()
      .then((form) => ({ target: safeRedirect(form.get("redirectTo"), declaration.backTo), formId: formIdOf(form) }))
      .catch(() => ({ target: declaration.backTo, formId: null }));
    if (declaration.access !== "anyone" && !(await getOptionalUser(request, context))) {
      throw redirect(`/auth?${new URLSearchParams({ redirectTo: target })}`);
    }
    const answer = await handle(resource, args, true);
    if (answer instanceof Response) return answer;
    const payload = isDataWithInit(answer) ? answer.data : (answer as { ok: true; message?: string });
    const failed = payload.ok === false;
    // Failures of the body itself carry no intent (see `handle`).
    if (failed && payload.intent === "") return asJsonResponse(answer);
    const description = failed ? payload.message : (payload.message ?? "Done.");
    if (failed && formId) {
      // Back to the form that failed, open, with the message beside it (docs/product.md#forms).
      const at = target.includes("#") ? target : `${target}#${formId}`;
      return redirectWithToast(context, at, { type: "error", description, formId });
    }
    return redirectWithToast(context, target, { type: failed ? "error" : "success", description });
  };
  const meta: FormRouteDeclaration = {
    kind: "form",
    access: declaration.access,
    intents: declaration.intents,
    resource: true,
  };
  return Object.assign(action, { [ROUTE_DECLARATION]: meta });
}
