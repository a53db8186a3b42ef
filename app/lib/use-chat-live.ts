import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { CHAT_EVENTS } from "#core/chat/options.ts";

/**
 * The chat pages' realtime (decision 27): the layout's socket (app/components/realtime.tsx) hands
 * every event it hears to the page as a window event `seller-event`; a chat event about what the
 * page shows (`concerns`) loads the page's data again — one reload at a time, a burst makes one.
 * A buyer typing shows for a few seconds. Without JavaScript the page is right on its next load.
 */
export const SELLER_EVENT = "seller-event";
const GAP_MS = 150;
const TYPING_MS = 4000;

export function useChatLive(concerns: (payload: { conversation_id?: number; order_id?: number | null }) => boolean, typingIn?: number) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const here = useRef({ revalidator, navigating: navigation.state !== "idle", concerns });
  here.current = { revalidator, navigating: navigation.state !== "idle", concerns };
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(function tryNow() {
        const { revalidator: r, navigating } = here.current;
        if (navigating || r.state !== "idle") timer = setTimeout(tryNow, GAP_MS);
        else void r.revalidate();
      }, GAP_MS);
    };
    const heard = (e: Event) => {
      const { event, payload } = (e as CustomEvent<{ event: string; payload: { conversation_id?: number; order_id?: number | null; direction?: string } }>).detail;
      if (!Object.values(CHAT_EVENTS).includes(event as never) || !payload) return;
      if (event === CHAT_EVENTS.typing) {
        if (typingIn !== undefined && payload.conversation_id === typingIn) {
          setTyping(true);
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setTyping(false), TYPING_MS);
        }
        return;
      }
      if (event === CHAT_EVENTS.message && payload.direction === "in" && payload.conversation_id === typingIn) setTyping(false);
      if (here.current.concerns(payload)) reload();
    };
    window.addEventListener(SELLER_EVENT, heard);
    return () => {
      window.removeEventListener(SELLER_EVENT, heard);
      clearTimeout(timer);
      clearTimeout(typingTimer);
    };
  }, [typingIn]);
  return { typing };
}
