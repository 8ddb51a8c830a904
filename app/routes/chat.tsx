import { data, redirect, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigation, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { PanelLeftOpen } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { DomainError } from "~/core/errors";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { blockUser, unblockUser } from "~/modules/blocks/blocks.server";
import type { ReportTargetRef } from "~/modules/reports/report-dialog";
import { pageLoader, type PageArgs } from "~/http/page-loader.server";
import { ChatSidebar } from "~/modules/chats/chat-sidebar";
import { leaveChat, markChatRead, startDirectChat } from "~/modules/chats/commands.server";
import { getChat, listChats, listWithFirstChat } from "~/modules/chats/queries.server";
import { findRecipients } from "~/modules/chats/recipients.server";
import { NewChatLink, RecipientPicker } from "~/modules/chats/recipient-picker";
import { sendMessage } from "~/modules/chats/room/send.server";
import { Conversation } from "~/modules/chats/conversation";
import { CHAT_MESSAGES, ChatFormSchema, RecipientSearchSchema } from "~/modules/chats/schemas";
import { signedInMeta } from "~/utils/signed-in-meta";

const chatPath = (chatId: string) => `/chat?chatId=${encodeURIComponent(chatId)}`;

/** The new-chat picker (`?new=1&q=`): suggestions, or members whose username starts with q. */
async function pickerOf(services: PageArgs<"member", undefined, undefined>["ctx"], query: URLSearchParams) {
  if (query.get("new") !== "1") return null;
  const search = RecipientSearchSchema.safeParse({ q: query.get("q") ?? "" });
  const q = search.success ? search.data.q : (query.get("q") ?? "").trim().slice(0, 50);
  const error = search.success ? null : (search.error.issues[0]?.message ?? CHAT_MESSAGES.searchTooShort);
  return { q, error, recipients: await findRecipients(services, { q: search.success ? q : "" }) };
}

/** `?confirm=`: the question the page shows itself (no JavaScript), or none. */
const confirmOf = (value: string | null): "delete" | "block" | null =>
  value === "delete" || value === "block" ? value : null;

/** `?report=message:<id>` or `user:<id>`: the report form the page shows itself (no JavaScript). */
function reportOf(value: string | null): ReportTargetRef | null {
  const match = /^(message|user):([A-Za-z0-9_-]{1,64})$/.exec(value ?? "");
  return match ? { targetType: match[1] as "message" | "user", targetId: match[2] } : null;
}

/**
 * The chat list and the open conversation (`?chatId=`, else the first unless `?closed=1` or the
 * new-chat picker is open); `?confirm=delete|block` shows that question in the page and `?report=`
 * the report form (no JavaScript).
 */
async function chatPage({ ctx: services, request }: PageArgs<"member", undefined, undefined>) {
  const query = new URL(request.url).searchParams;
  const picker = await pickerOf(services, query);
  const closed = query.get("closed") === "1" || picker !== null;
  const confirm = confirmOf(query.get("confirm"));
  const report = reportOf(query.get("report"));
  let notFound = false;
  // Showing a conversation does not mark it read: a GET any site can link to must not write.
  // The page marks it read once shown (the socket's mark-read, or a POST).
  const openChat = (chatId: string) =>
    getChat(services, { chatId }).catch((error: unknown) => {
      if (!(error instanceof DomainError) || error.status !== 404) throw error;
      notFound = true;
      return null;
    });
  // ?chatId= preselects, read beside the list; otherwise the first chat, read with the list in one
  // round trip (issue 20, few trips), unless the user closed the conversation.
  const requested = query.get("chatId");
  const failed = (error: unknown): never => {
    if (error instanceof DomainError) throw error;
    console.error(error);
    throw data({ message: CHAT_MESSAGES.loadFailed }, { status: 500 });
  };
  if (!requested) {
    const { chats, chat } = closed
      ? { chats: await listChats(services).catch(failed), chat: null }
      : await listWithFirstChat(services).catch(failed);
    return { chats, chat, notFound, picker, confirm, report };
  }
  const [chats, chat] = await Promise.all([listChats(services).catch(failed), openChat(requested)]);
  return { chats, chat, notFound, picker, confirm, report };
}

export const loader = pageLoader({ access: "member", run: chatPage });

/** The page's forms, each named by its `intent` in ChatFormSchema; all of them work without JavaScript. */
const chatForm = intent.member({
  schema: ChatFormSchema,
  run: async ({ ctx: services, value: input }) => {
    switch (input.intent) {
      case "start-direct": {
        const { id } = await startDirectChat(services, { targetUserId: input.userId, referralId: input.referralId });
        return redirect(chatPath(id));
      }
      case "send":
        // Replying from the plain-HTML page reads what it answers (with JavaScript the page has).
        await markChatRead(services, { chatId: input.chatId });
        // The page that follows reads D1: wait (briefly) for the room's mirror to put it there.
        await sendMessage(services, {
          chatId: input.chatId,
          content: input.content,
          clientId: input.clientId,
          waitForMirror: true,
        });
        return redirect(chatPath(input.chatId));
      case "read":
        await markChatRead(services, { chatId: input.chatId });
        return redirect(chatPath(input.chatId));
      case "leave":
        await leaveChat(services, { chatId: input.chatId });
        return redirect("/chat");
      case "block": {
        // Back to the conversation, which now says so and offers Unblock (the list no longer has it).
        const { message } = await blockUser(services, { userId: input.userId });
        return redirectTo(chatPath(input.chatId), { toast: message });
      }
      case "unblock": {
        const { message } = await unblockUser(services, { userId: input.userId });
        return redirectTo(chatPath(input.chatId), { toast: message });
      }
      default:
        return input satisfies never;
    }
  },
});

export const action = formAction({
  access: "member",
  intents: {
    "start-direct": chatForm,
    send: chatForm,
    leave: chatForm,
    read: chatForm,
    block: chatForm,
    unblock: chatForm,
  },
});

/**
 * Removes ?chatId= (and ?closed=) from the address once read, keeping the router's own location.
 * The picker's search (?new=1&q=) stays: it is what the page shows.
 */
function useCleanAddress() {
  const location = useLocation();
  useEffect(() => {
    if (location.search && !new URLSearchParams(location.search).has("new")) {
      window.history.replaceState(window.history.state, "", "/chat");
    }
  }, [location]);
}

export default function ChatPage() {
  const { chats, chat, notFound, picker, confirm, report } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // The mobile drawer is open for the chat it was opened over; choosing a chat closes it.
  const [drawerFor, setDrawerFor] = useState<string | null>(null);
  const drawerOpen = chat !== null && drawerFor === chat.id;
  useCleanAddress();

  const openDrawer = (event: React.MouseEvent) => {
    event.preventDefault();
    setDrawerFor(chat?.id ?? null);
  };
  const switching = navigation.state === "loading" && navigation.location.pathname === "/chat";

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl md:px-4 md:py-4">
      <div className="relative flex min-h-0 flex-1 overflow-hidden border-line bg-surface md:rounded-card md:border">
        <ChatSidebar
          chats={chats}
          selectedId={chat?.id ?? null}
          open={drawerOpen || (!chat && !picker)}
          onClose={() => setDrawerFor(null)}
        />
        <section
          aria-label="Conversation"
          aria-busy={switching}
          className={chat || picker ? "flex min-w-0 flex-1 flex-col" : "hidden min-w-0 flex-1 flex-col md:flex"}
        >
          {picker ? (
            <RecipientPicker {...picker} />
          ) : chat ? (
            <Conversation key={chat.id} chat={chat} confirm={confirm} report={report} onOpenSidebar={openDrawer} />
          ) : (
            <EmptyPane notFound={notFound} onOpenSidebar={openDrawer} />
          )}
        </section>
      </div>
    </div>
  );
}

function EmptyPane({ notFound, onOpenSidebar }: { notFound: boolean; onOpenSidebar: (e: React.MouseEvent) => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
      {notFound ? (
        <p role="alert" className="mb-6 rounded-card bg-danger-50 px-4 py-2 text-sm text-danger-700">
          {CHAT_MESSAGES.notFound}
        </p>
      ) : null}
      <h1 className="text-2xl font-semibold tracking-tight">{CHAT_MESSAGES.welcome}</h1>
      <p className="mt-2 max-w-sm text-muted">{CHAT_MESSAGES.welcomeHint}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/chat?closed=1" onClick={onOpenSidebar} className={buttonClass("secondary", "md", "md:hidden")}>
          <PanelLeftOpen aria-hidden className="size-4" />
          View Conversations
        </Link>
        <NewChatLink />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Chat - Cardshare", "Your conversations with other Cardshare members.");

export function ErrorBoundary() {
  const error = useRouteError();
  const navigation = useNavigation();
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : CHAT_MESSAGES.loadFailed;
  if (navigation.state === "loading") {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-24 text-center text-muted">
        {CHAT_MESSAGES.loading}
      </p>
    );
  }
  return (
    <section aria-labelledby="chat-error" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 id="chat-error" className="text-2xl font-semibold">
        {CHAT_MESSAGES.loadFailedTitle}
      </h1>
      <p className="mt-3 text-muted">{message}</p>
      <Link to="/chat" className={buttonClass("primary", "md", "mt-6")}>
        Retry
      </Link>
    </section>
  );
}
