/**
 * The one way to write an HTML page's loader: who may see the page, its query and params schemas,
 * and a `run` that reads the domain.
 *
 *   export const loader = pageLoader({
 *     access: "member",
 *     query: z.object({ cursor: Cursor }),
 *     run: ({ ctx, query }) => listMyReferrals(ctx, query),
 *   });
 *
 * Visitors on a member page go to /auth and come back; members on an admin page go home with the
 * spec's toast; signed-in people on a `visitor` page (sign-in) go home. A query or params value the
 * schema refuses is a 400 page in the person's words, a DomainError is its status page, never a 500.
 */
import { data, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { DomainError } from "~/core/errors";
import { noteUnexpected, type Invocation } from "~/core/log";
import { contextFor, type Ctx } from "~/core/context.server";
import { getServices } from "~/http/services.server";
import { ROUTE_DECLARATION } from "./json-route.server";
import { parseInput, queryObject } from "./input.server";
import { guard, type Access, type UserFor } from "./access.server";

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface PageArgs<A extends Access, Q, P> {
  ctx: Ctx;
  user: UserFor<A>;
  query: Q;
  params: P;
  request: Request;
  context: AppLoadContext;
}

interface PageDeclaration<A extends Access, QS extends Schema | undefined, PS extends Schema | undefined, R> {
  access: A;
  query?: QS;
  params?: PS;
  /** What the error page says when `run` fails unexpectedly (a 500), where the spec words it. */
  unexpectedMessage?: string;
  run(args: PageArgs<A, Out<QS>, Out<PS>>): Promise<R>;
}

export interface PageRouteDeclaration {
  kind: "page";
  access: Access;
  query?: Schema;
  params?: Schema;
}

/**
 * A domain or input error as the status page the route's error boundary shows; an unexpected one
 * is logged and, when the page words it, shown as `{ message: unexpectedMessage }` with a 500.
 */
function pageError(error: unknown, unexpectedMessage?: string, invocation?: Invocation): never {
  if (error instanceof DomainError) throw new Response(error.message, { status: error.status });
  // A thrown Response or data() (a redirect, a page's own status) is what the page meant.
  const deliberate = error instanceof Response || (error as { type?: string } | null)?.type === "DataWithResponseInit";
  // Without a wording, Remix's handleError (entry.server.tsx) logs and reports it.
  if (!unexpectedMessage || deliberate) throw error;
  noteUnexpected(invocation, error, "loader");
  throw data({ message: unexpectedMessage }, { status: 500 });
}

export function pageLoader<
  A extends Access,
  R,
  QS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(declaration: PageDeclaration<A, QS, PS, R>) {
  const loader = async ({ request, context, params }: LoaderFunctionArgs): Promise<R> => {
    const user = await guard("page", declaration.access, request, context);
    try {
      const query = declaration.query
        ? await parseInput(declaration.query, queryObject(new URL(request.url)))
        : undefined;
      const parsedParams = declaration.params ? await parseInput(declaration.params, params) : undefined;
      return await declaration.run({
        ctx: contextFor(getServices(context), user),
        user: user as UserFor<A>,
        query: query as Out<QS>,
        params: parsedParams as Out<PS>,
        request,
        context,
      });
    } catch (error) {
      return pageError(error, declaration.unexpectedMessage, context.invocation);
    }
  };
  const meta: PageRouteDeclaration = {
    kind: "page",
    access: declaration.access,
    query: declaration.query,
    params: declaration.params,
  };
  return Object.assign(loader, { [ROUTE_DECLARATION]: meta });
}
