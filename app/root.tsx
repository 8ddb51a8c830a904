import { data, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { usePendingPage } from "~/components/layout/pending-page";
import { ProgressBar } from "~/components/layout/progress-bar";
import { ZodConfigScript } from "~/components/layout/zod-config-script";
import { pageLoader } from "~/http/page-loader.server";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NoScriptToast, Toaster, useFlashToast } from "~/components/layout/toaster";
import { countUnread } from "~/modules/chats/queries.server";
import { tipsMode } from "~/modules/payments/stripe.server";
import { RealtimeProvider, useRealtime } from "~/modules/realtime/realtime-provider";
import { useNonce } from "~/utils/nonce";
import { useSignInOnLostSession } from "~/utils/sign-in-again";
import type { RootUser } from "~/utils/user";
import { getToast } from "~/http/toast.server";
import { sessionUnreadChats } from "~/http/auth.server";
import { SiteStylesheet } from "~/components/layout/site-stylesheet";

/** The stylesheet is <SiteStylesheet/>, in the head. */
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // Installable (ADR 181): the web app manifest, and the icon iOS puts on the home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icon-192.png" },
];

/** The fallback title; routes set their own, and error pages keep this one. */
export const meta: MetaFunction = () => [{ title: "Cardshare" }];

/** Who is signed in (for the header), the flash toast, and the settings every page reads. */
export const loader = pageLoader({
  access: "anyone",
  async run({ ctx, user, request, context }) {
    const { toast, headers } = await getToast(request, context);
    // The header's unread badge, rendered by the server (read with the session on page requests);
    // the realtime socket keeps it current.
    const unreadChats = user ? ((await sessionUnreadChats(request, context)) ?? (await countUnread(ctx))) : 0;
    return data(
      {
        user: user
          ? ({
              id: user.id,
              username: user.username,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              profileImage: user.profileImage,
              authProvider: user.authProvider,
              isAdmin: user.isAdmin,
            } satisfies RootUser)
          : null,
        toast,
        /** Read by <TipOptions/> (useTipsEnabled): production without a Stripe key hides tips. */
        tipsEnabled: tipsMode(ctx.env) !== "off",
        unreadChats,
        /** The site footer's (public pages): support address and social link. */
        supportEmail: ctx.env.SUPPORT_EMAIL,
        socialUrl: ctx.env.SOCIAL_URL ?? null,
      },
      { headers: headers ?? undefined },
    );
  },
});

/** The shared header, composed here with the notification room's live unread count (ADR 091). */
function Header() {
  const { unread } = useRealtime();
  return <SiteHeader unreadChats={unread} />;
}

/** Whether the page shown is a public one, whose route's handle asks for the site footer. */
function useSiteFooter() {
  const matches = useMatches();
  const leaf = matches.at(-1)?.handle as { siteFooter?: boolean } | undefined;
  return leaf?.siteFooter === true;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const footer = useSiteFooter();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <ZodConfigScript nonce={nonce} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <SiteStylesheet />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-canvas text-ink antialiased">
        <ProgressBar />
        <RealtimeProvider userId={data?.user?.id ?? null} initialUnread={data?.unreadChats ?? 0}>
          <Header />
          {/* A refusal aimed at one form is shown by that form (<FormError/>), not at the top. */}
          <NoScriptToast toast={data?.toast?.formId ? null : (data?.toast ?? null)} />
          <main id="main" className="flex-1">
            {children}
          </main>
          {footer && data ? <SiteFooter supportEmail={data.supportEmail} socialUrl={data.socialUrl} /> : null}
        </RealtimeProvider>
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useFlashToast(toast);
  useSignInOnLostSession();
  return usePendingPage() ?? <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
