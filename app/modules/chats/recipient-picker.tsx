import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { MessageCircle, Search, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { Avatar } from "./chat-ui";
import type { Recipient } from "./present";

export const NEW_CHAT_PATH = "/chat?new=1";

/**
 * 'New chat': pick the person first. A GET form (`/chat?new=1&q=`) searches members by the start
 * of their username on the server, so it works without JavaScript; with JavaScript it searches as
 * one types. Each person is a form post that opens the direct chat with them.
 */
export function RecipientPicker({
  q,
  error,
  recipients,
}: {
  q: string;
  error: string | null;
  recipients: Recipient[];
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const headingId = useId();
  const hintId = useId();
  const searching = navigation.state === "loading" && navigation.location.search.includes("new=1");

  useEffect(() => {
    inputRef.current?.focus();
    return () => clearTimeout(timer.current);
  }, []);

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        <h1 id={headingId} className="flex-1 text-base font-semibold">
          New chat
        </h1>
        <Link to="/chat?closed=1" className="rounded-card p-2 text-muted hover:bg-canvas" aria-label="Close new chat">
          <X aria-hidden className="size-5" />
        </Link>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <Form method="get" action="/chat" role="search" className="flex gap-2">
          <input type="hidden" name="new" value="1" />
          <label htmlFor="recipient-q" className="sr-only">
            Username
          </label>
          <input
            ref={inputRef}
            id="recipient-q"
            name="q"
            type="search"
            defaultValue={q}
            autoComplete="off"
            placeholder="Search members by username"
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
            className="h-10 min-w-0 flex-1 rounded-card border border-line bg-surface px-3 text-sm"
            onChange={(event) => {
              const form = event.currentTarget.form;
              const value = event.currentTarget.value.trim();
              clearTimeout(timer.current);
              // Searched from 2 characters on (the server's minimum); an emptied box shows the suggestions.
              if (!form || (value.length > 0 && value.length < 2)) return;
              timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 250);
            }}
          />
          <Button type="submit" variant="secondary" aria-label="Search">
            <Search aria-hidden className="size-4" />
            <span className={hydrated ? "sr-only" : undefined}>Search</span>
          </Button>
        </Form>
        <p id={hintId} className={error ? "mt-2 text-sm text-danger-700" : "mt-2 text-sm text-muted"}>
          {error ?? "Type the start of a username (2 characters or more). People you share a referral with come first."}
        </p>
        <div aria-live="polite" aria-busy={searching} className="mt-4">
          {recipients.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">
              {q.length >= 2 ? `No member's username starts with '${q}'.` : "No suggestions yet."}
            </p>
          ) : (
            <ul aria-label={q ? "Members found" : "People you share a referral with"} className="flex flex-col">
              {recipients.map((person) => (
                <li key={person.id} className="flex items-center gap-3 border-b border-line py-2">
                  <Avatar name={person.username ?? person.name} image={person.profileImage} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{person.username ?? person.name}</span>
                    <span className="block truncate text-xs text-muted">
                      {[person.username ? person.name : null, person.tie ? "Shares a referral with you" : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                  <Form method="post" action="/chat">
                    <input type="hidden" name="intent" value="start-direct" />
                    <input type="hidden" name="userId" value={person.id} />
                    <Button type="submit" size="sm" aria-label={`Chat with ${person.username ?? person.name}`}>
                      <MessageCircle aria-hidden className="size-4" />
                      Chat
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

/** The way to a new chat: a link to the picker (no chat is made until a person is chosen). */
export function NewChatLink({ variant = "primary" }: { variant?: "primary" | "ghost" }) {
  return (
    <Link to={NEW_CHAT_PATH} className={buttonClass(variant, variant === "ghost" ? "sm" : "md")}>
      <MessageCircle aria-hidden className="size-4" />
      New chat
    </Link>
  );
}
