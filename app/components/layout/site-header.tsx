import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { ChevronDown, CreditCard, Menu } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { MenuDetails } from "~/components/ui/menu-details";
import { unreadBadge } from "~/core/format";
import { useOptionalUser } from "~/utils/user";

const NAV_LINKS = [
  { to: "/refer", label: "Refer" },
  // The spec's 'Applicant' names a role, not a place (docs/decisions/100-find-referrals-nav-label.md).
  { to: "/apply", label: "Find referrals" },
  { to: "/dashboard", label: "Dashboard" },
  { to: "/chat", label: "Chat" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return clsx(
    "rounded-card px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:bg-canvas hover:text-ink",
  );
}

/** The name shown in the header menu: first name, else username. */
function displayName(user: { firstName: string; username: string }) {
  return user.firstName || user.username;
}

/** How many unread messages the header signals: none on /chat itself (docs/product.md#header). */
function useUnreadSign(unread: number) {
  const { pathname } = useLocation();
  return pathname.startsWith("/chat") ? 0 : unread;
}

/**
 * The red unread dot with its count (docs/product.md#header): on Chat, and on the closed mobile
 * menu button, which hides Chat.
 */
function UnreadDot({
  unread,
  testId = "chat-unread-dot",
  className,
}: {
  unread: number;
  testId?: string;
  className?: string;
}) {
  if (unread === 0) return null;
  return (
    <span
      data-testid={testId}
      className={clsx(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-danger-700 px-1.5 text-xs font-semibold text-white tabular",
        className,
      )}
    >
      <span aria-hidden>{unreadBadge(unread)}</span>
      <span className="sr-only">{`, ${unread} unread ${unread === 1 ? "message" : "messages"}`}</span>
    </span>
  );
}

/**
 * The top bar (docs/product.md#header). Menus are <details> elements so they open without JavaScript
 * (MenuDetails adds the menu behaviour once it runs); on small screens the navigation collapses
 * into one of them. Shared UI knows no domain (ADR 091): root.tsx hands it the live unread count
 * from the notification room.
 */
export function SiteHeader({ unreadChats }: { unreadChats: number }) {
  const user = useOptionalUser();
  const unread = useUnreadSign(unreadChats);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-card focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold text-ink">
          <CreditCard aria-hidden className="size-6 text-brand-600" />
          <span>Cardshare</span>
        </Link>
        {user ? (
          <>
            <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
              {NAV_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} prefetch="intent" className={navClass}>
                  {link.label}
                  {link.to === "/chat" ? <UnreadDot unread={unread} className="ml-1.5" /> : null}
                </NavLink>
              ))}
            </nav>
            <div className="ml-auto flex items-center gap-2">
              <MenuDetails className="group relative hidden md:block">
                <summary className="flex cursor-pointer list-none items-center gap-1 rounded-card px-3 py-2 text-sm font-medium text-ink hover:bg-canvas [&::-webkit-details-marker]:hidden">
                  {displayName(user)}
                  <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
                </summary>
                <UserMenu
                  userId={user.id}
                  isAdmin={user.isAdmin}
                  className="absolute right-0 mt-2 w-48 rounded-card border border-line bg-surface p-1 shadow-lg"
                />
              </MenuDetails>
              <MenuDetails className="group relative md:hidden">
                <summary className="flex cursor-pointer list-none items-center gap-1 rounded-card p-2 text-ink hover:bg-canvas [&::-webkit-details-marker]:hidden">
                  <Menu aria-hidden className="size-5" />
                  <span className="sr-only">Open menu</span>
                  <UnreadDot unread={unread} testId="menu-unread-dot" className="group-open:hidden" />
                </summary>
                {/* One panel; its sections are divided by a rule, not boxed again inside it. */}
                <div className="absolute right-0 mt-2 w-56 rounded-card border border-line bg-surface p-2 shadow-lg">
                  <nav aria-label="Main" className="flex flex-col">
                    {NAV_LINKS.map((link) => (
                      <NavLink key={link.to} to={link.to} className={navClass}>
                        {link.label}
                        {link.to === "/chat" ? <UnreadDot unread={unread} className="ml-1.5" /> : null}
                      </NavLink>
                    ))}
                  </nav>
                  <hr className="my-2 border-line" />
                  <UserMenu userId={user.id} isAdmin={user.isAdmin} />
                </div>
              </MenuDetails>
            </div>
          </>
        ) : (
          <div className="ml-auto flex items-center gap-2">
            {/* 'Cards' on a phone, where the header has room for one short word beside Sign in and Join. */}
            <NavLink
              to="/cards"
              aria-label="Browse cards"
              className={(state) => clsx(navClass(state), "whitespace-nowrap px-2 sm:px-3")}
            >
              <span className="sm:hidden">Cards</span>
              <span className="hidden sm:inline">Browse cards</span>
            </NavLink>
            <Link to="/auth" className={buttonClass("secondary", "sm")}>
              Sign in
            </Link>
            <Link to="/auth?tab=register" className={buttonClass("primary", "sm")}>
              Join
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}

function UserMenu({ userId, isAdmin, className }: { userId: string; isAdmin: boolean; className?: string }) {
  const itemClass = "block w-full rounded-card px-3 py-2 text-left text-sm text-ink hover:bg-canvas";
  return (
    <ul className={className}>
      <li>
        <Link to={`/profile/${userId}`} className={itemClass}>
          Profile
        </Link>
      </li>
      <li>
        <Link to="/dashboard/personal-info" className={itemClass}>
          Settings
        </Link>
      </li>
      {isAdmin ? (
        <li>
          <Link to="/admin" className={itemClass}>
            Admin
          </Link>
        </li>
      ) : null}
      <li>
        <Form method="post" action="/auth/logout">
          <button type="submit" className={itemClass}>
            Sign out
          </button>
        </Form>
      </li>
    </ul>
  );
}
