/**
 * Typing, both ways (docs/product.md#realtime-chat): the others' indicator, and the member's own
 * announcements, at most every 2 s while keys are pressed and stopped after 3 s without typing.
 * Never stored; a connection that (re)opens while the member is typing says so again.
 */
import { useCallback, useEffect, useRef, useState } from "react";

/** The typing indicator stops after 3 seconds without typing. */
export const TYPING_TIMEOUT_MS = 3000;
/** A typing frame at most this often while keys are pressed (the room allows ~1 frame/s). */
export const TYPING_THROTTLE_MS = 2000;

/** Whether another member is typing: shown on their frame, hidden by their stop, a message or 3 s. */
export function useTypingIndicator() {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const heard = useCallback((isTyping: boolean) => {
    clearTimeout(timer.current);
    setTyping(isTyping);
    if (isTyping) timer.current = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
  }, []);
  return { typing, heard };
}

/**
 * The member's own typing frames. `announce` sends one and says whether it went out (false while
 * the socket is connecting); only a frame that went out starts the throttle window, so a dropped
 * one is retried, and keys pressed while disconnected are announced once the socket opens.
 */
export function useTypingAnnouncer(announce: (isTyping: boolean) => boolean, connected: boolean) {
  const announceRef = useRef(announce);
  useEffect(() => {
    announceRef.current = announce;
  });
  /** When the last typing frame went out on this connection; 0 when none did. */
  const lastSentAt = useRef(0);
  /** Whether the member typed within the last TYPING_TIMEOUT_MS (the idle timer is running). */
  const active = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(idleTimer.current), []);

  useEffect(() => {
    if (!connected) lastSentAt.current = 0;
    else if (active.current && lastSentAt.current === 0 && announceRef.current(true)) lastSentAt.current = Date.now();
  }, [connected]);

  const stopped = useCallback(() => {
    clearTimeout(idleTimer.current);
    active.current = false;
    if (lastSentAt.current !== 0) announceRef.current(false);
    lastSentAt.current = 0;
  }, []);

  const keyPressed = useCallback(() => {
    const now = Date.now();
    if (now - lastSentAt.current > TYPING_THROTTLE_MS && announceRef.current(true)) lastSentAt.current = now;
    active.current = true;
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopped, TYPING_TIMEOUT_MS);
  }, [stopped]);

  return { keyPressed, stopped };
}
