/** The questions the store card asks before a channel change (dialog with JavaScript, confirm step without). */
import type { ConfirmText } from "./list/confirm-dialog.tsx";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The question of "Connect all", with the channels it will connect. */
export const connectAllText = (t: T, store: string, names: string[]): ConfirmText => ({
  title: t("connection.connect_all_title"),
  body: t("connection.connect_all_body", { store, names: names.join(", ") }),
  confirmLabel: t("connection.connect_all_confirm"),
  tone: "primary",
});

/** The question of one channel's switch. */
export const channelText = (t: T, store: string, channel: string, connect: boolean): ConfirmText => ({
  title: t(connect ? "connection.connect_title" : "connection.disconnect_title"),
  body: t(connect ? "connection.connect_body" : "connection.disconnect_body", { store, channel }),
  confirmLabel: t(connect ? "connection.connect" : "connection.disconnect"),
  tone: connect ? "primary" : "danger",
});
