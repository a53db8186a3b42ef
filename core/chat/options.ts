/**
 * Chat's constants a page shows (browser-safe: no database here). Rules: conversations.ts.
 */
export const CHAT_SHOW = ["all", "unread"] as const;
export const CHAT_STATUSES = ["open", "closed"] as const;
export const CHAT_CARD_KINDS = ["product", "order"] as const;
/** The search applies from this many characters (spec section 5), as the inbox's. */
export const CHAT_SEARCH_MIN = 2;
/** The longest message either way (a chat bubble, not a letter). */
export const CHAT_MESSAGE_MAX = 2000;
/** Realtime events (core/lib/events.ts publish), heard by the chat pages. */
export const CHAT_EVENTS = { message: "chat:message", typing: "chat:typing", read: "chat:read", delivery: "chat:delivery" } as const;
